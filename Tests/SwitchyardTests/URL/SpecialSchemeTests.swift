import Testing

@testable import Switchyard

@Suite("Special schemes")
struct SpecialSchemeTests {
  /// Every name of up to five letters drawn from the special schemes' letters (and some of
  /// them in capitals) is special exactly when it is one of the listed schemes,
  /// lowercased.
  @Test("the byte comparison agrees with the list on every short name of their letters")
  func agreesWithTheList() {
    let letters = Array("htpsfwile".utf8) + Array("HS".utf8)
    var name: [UInt8] = []
    var checked = 0
    func visit() {
      let expected = HostAsPathPolicy.specialSchemes.contains(
        String(decoding: name.map(asciiLower), as: UTF8.self))
      let found = name.withUnsafeBufferPointer { HostAsPathPolicy.isSpecial($0) }
      if found != expected {
        Issue.record("\(String(decoding: name, as: UTF8.self)): \(found), expected \(expected)")
      }
      checked += 1
      guard name.count < 5 else { return }
      for letter in letters {
        name.append(letter)
        visit()
        name.removeLast()
      }
    }
    visit()
    #expect(checked == 177_156)
  }

  @Test("the default policy keeps the host of the special schemes only, in any case")
  func defaultPolicy() {
    let policy = HostAsPathPolicy.customSchemes
    for scheme in ["http", "HTTPS", "Ws", "wsS", "ftp", "FILE"] {
      #expect(!policy.applies(toScheme: scheme), "\(scheme)")
    }
    for scheme in ["myapp", "htt", "httpx", "w", "wsx", "ft", "files", "h"] {
      #expect(policy.applies(toScheme: scheme), "\(scheme)")
    }
  }
}
