import Foundation
import SwitchyardTestSupport

/// A route file of `count` routes drawn with the seeded generator: every pattern feature
/// (schemes read as hosts or not, literal, wildcard and any hosts, optional groups, typed,
/// string and mixed captures, catch-alls, query and fragment requirements, priorities) in
/// overlapping combinations, no two routes alike. The conformance vectors and the generated
/// routers are tested with it.
enum GeneratedRouteTable {
  static func routeFile(count: Int = 300, seed: UInt64 = 44) -> String {
    var random = SeededGenerator(seed: seed)
    let origins = [
      "myapp://", "myapp://", "https://example.com/", "https://*.example.com/",
      "http(s)://(www.)shop.example/", "//*.cdn.example/", "/", "https://*/",
      "https://api.example.com:8443/",
    ]
    let heads = ["user", "post", "shop", "files", "help", "a", "b", "deals", "search", "café"]
    let words = ["edit", "list", "x", "new", "page", "v2", "a b", "100%"]
    var seen = Set<String>()
    var lines: [String] = []
    while lines.count < count {
      var names = 0
      func name() -> String {
        names += 1
        return "c\(names)"
      }
      var parts = [random.pick(heads)]
      let length = random.below(4)
      var ended = false
      for _ in 0..<length where !ended {
        switch random.below(12) {
        case 0, 1: parts.append(random.pick(words))
        case 2: parts.append("<int:\(name())>")
        case 3: parts.append("<float:\(name())>")
        case 4: parts.append("<uuid:\(name())>")
        case 5, 6: parts.append(":\(name())")
        case 7: parts.append("<\(name())>.json")
        case 8: parts.append("@:\(name())")
        case 9:
          parts.append("<path:\(name())>")
          ended = true
        case 10: parts.append(random.chance(50) ? "*\(name())" : "*")
        default:
          let inner = random.chance(50) ? "<int:\(name())>" : random.pick(words)
          parts[parts.count - 1] += "(/\(random.pick(["opt", "more"]))/\(inner))"
        }
      }
      var pattern =
        random.pick(origins)
        + parts.map {
          $0.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(
            of: "100%", with: "100%25")
        }
        .joined(separator: "/")
      if random.chance(12) {
        pattern += random.chance(50) ? "?q=<\(name())>" : "?sort=recent"
        if random.chance(30) { pattern += "&page=<int:\(name())>" }
      }
      if random.chance(8) { pattern += random.chance(50) ? "#<\(name())>" : "#top" }
      // No two routes alike: the pattern with its capture names left out.
      var signature = pattern
      for index in stride(from: names, to: 0, by: -1) {
        signature = signature.replacingOccurrences(of: "c\(index)", with: "")
      }
      guard seen.insert(signature).inserted else { continue }
      let priority = random.chance(6) ? (random.chance(50) ? 1 : -1) : 0
      let escaped = pattern.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
      lines.append(
        "    {\"name\": \"r\(lines.count)\", \"pattern\": \"\(escaped)\", \"priority\": \(priority)}"
      )
    }
    return "{\n  \"version\": 1,\n  \"routes\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
  }
}
