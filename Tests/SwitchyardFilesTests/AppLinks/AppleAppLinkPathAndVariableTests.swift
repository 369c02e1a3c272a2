import Switchyard
import Testing

@testable import SwitchyardFiles

/// iOS compares a URL's path as written (a trailing `/` and empty segments kept), and reads
/// `applinks.defaults` and `applinks.substitutionVariables`: the library's matching, its reading
/// of files and `verify` agree with that and with the independent model (`Reference`).
@Suite("apple-app-site-association paths, defaults and substitution variables")
struct AppleAppLinkPathAndVariableTests {
  static let appID = "ABCDE12345.com.example.app"

  static func file(_ json: String) throws -> AppleAppSiteAssociation {
    try AppleAppSiteAssociation(json: json)
  }

  @Test("A trailing '/' is part of the path: '/*/get-app/' lets in /7/get-app/, not /7/get-app")
  func trailingSlashKept() throws {
    // The shape of a real file (Mozilla's): components that end in '/'.
    let file = try Self.file(
      #"{"applinks":{"details":[{"appIDs":["\#(Self.appID)"],"components":[{"/":"/*/get-app/"}]}]}}"#
    )
    for (url, opens) in [
      ("https://example.com/7/get-app/", true), ("https://example.com/en-US/get-app/", true),
      ("https://example.com/7/get-app", false), ("https://example.com/7//get-app/", true),
      ("https://example.com/get-app/", false),
    ] {
      #expect(file.opens(url) == opens, "\(url)")
      #expect(Reference.appleOpens(file, url) == opens, "model: \(url)")
    }
  }

  @Test("'NOT /article/*' keeps /article/ out; empty segments are not dropped")
  func exclusionWithEmptyRest() throws {
    // The shape of a real file (Artsy's): the legacy `paths` list with exclusions.
    let file = try Self.file(
      #"{"applinks":{"apps":[],"details":[{"appID":"\#(Self.appID)","paths":["NOT /article/*","*"]}]}}"#
    )
    for (url, opens) in [
      ("https://example.com/article/", false), ("https://example.com/article/x", false),
      ("https://example.com/article", true), ("https://example.com//article/x", true),
      ("https://example.com/artist/x", true),
    ] {
      #expect(file.opens(url) == opens, "\(url)")
      #expect(Reference.appleOpens(file, url) == opens, "model: \(url)")
      #expect(AppleComponentIndex(file).opens(url, appID: nil) == opens, "index: \(url)")
    }
  }

  @Test("Export: a route's links with a trailing '/' open the app too, and verify checks it")
  func exportLetsInTrailingSlash() throws {
    var table = RouteTable()
    try table.add("getApp", "https://example.com/<locale>/get-app")
    try table.add("about", "https://example.com/about")
    let file = AppleAppSiteAssociation.export(table, appIDs: [Self.appID], host: "example.com")
      .file
    for url in [
      "https://example.com/en/get-app", "https://example.com/en/get-app/",
      "https://example.com/about", "https://example.com/about/",
    ] {
      #expect(RouteMatcher(table).match(url) != nil, "\(url)")
      #expect(Reference.appleOpens(file, url), "iOS keeps \(url) on the web")
    }
    #expect(file.verify(against: table, host: "example.com").isEmpty)
    // A file written without the '/' forms opens none of the site's `/…/` links: verify says so.
    let bare = AppleAppSiteAssociation(details: [
      .init(
        appIDs: [Self.appID],
        components: [.init(path: "/?*/get-app"), .init(path: "/about")], caseSensitive: true,
        percentEncoded: false)
    ])
    let drifts = bare.verify(against: table, host: "example.com")
    #expect(drifts.contains { $0.kind == .routeNotLetIn && $0.url.hasSuffix("/about/") })
    #expect(drifts.contains { $0.kind == .routeNotLetIn && $0.url.hasSuffix("/get-app/") })
  }

  @Test("applinks.defaults is read and applies to every detail, under the detail's own")
  func fileDefaults() throws {
    let text = #"""
      {"applinks":{"defaults":{"caseSensitive":false,"percentEncoded":false},
       "details":[
        {"appIDs":["A.one"],"components":[{"/":"/Shop/*"},{"/":"/café/*"}]},
        {"appIDs":["A.two"],"defaults":{"caseSensitive":true},"components":[{"/":"/Shop/*"}]}
       ]}}
      """#
    let file = try Self.file(text)
    #expect(file.caseSensitive == false && file.percentEncoded == false)
    #expect(file.opens("https://example.com/shop/7", appID: "A.one"))
    #expect(file.opens("https://example.com/caf%C3%A9/7", appID: "A.one"))
    #expect(!file.opens("https://example.com/shop/7", appID: "A.two"))
    #expect(file.opens("https://example.com/Shop/7", appID: "A.two"))
    #expect(Reference.appleOpens(file, "https://example.com/shop/7"))
    // Written back, it reads the same.
    #expect(try AppleAppSiteAssociation(json: file.json) == file)
    // A component's own setting wins over both.
    let own = try Self.file(
      #"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["A.one"],"components":[{"/":"/Shop/*","caseSensitive":true}]}]}}"#
    )
    #expect(!own.opens("https://example.com/shop/7"))
    #expect(throws: AppLinkFileError.self) {
      try Self.file(#"{"applinks":{"defaults":{"caseSensitivity":false},"details":[]}}"#)
    }
  }

  @Test("substitutionVariables: Apple's example, values with wildcards, predefined variables")
  func substitutionVariables() throws {
    let text = #"""
      {"applinks":{
        "substitutionVariables":{"food":["burrito","pizza","sushi","sam*"]},
        "details":[{"appIDs":["\#(Self.appID)"],"components":[
          {"/":"/$(lang)_$(region)/$(food)/"},
          {"/":"/v$(digit)/$(food)","?":{"k":"$(upper)?"}}
        ]}]}}
      """#
    let file = try Self.file(text)
    #expect(file.substitutionVariables["food"] == ["burrito", "pizza", "sushi", "sam*"])
    for (url, opens) in [
      ("https://example.com/en_US/pizza/", true), ("https://example.com/zho_CN/sushi/", true),
      ("https://example.com/en_US/samosa/", true), ("https://example.com/en_US/salad/", false),
      ("https://example.com/EN_US/pizza/", false), ("https://example.com/en_usa/pizza/", false),
      ("https://example.com/en_US/pizza", false), ("https://example.com/$(lang)_US/pizza/", false),
      ("https://example.com/v7/pizza?k=Qx", true), ("https://example.com/v7/pizza?k=qx", false),
      ("https://example.com/vx/pizza?k=Qx", false),
    ] {
      #expect(file.opens(url) == opens, "\(url)")
      #expect(AppleComponentIndex(file).opens(url, appID: nil) == opens, "index: \(url)")
    }
    // The model expands the file's variables and the one-character classes on its own.
    for url in ["https://example.com/v3/burrito?k=Ab", "https://example.com/v3/salad?k=Ab"] {
      #expect(file.opens(url) == Reference.appleOpens(file, url), "\(url)")
    }
    // Case-insensitive components compare the values (and the classes) without case.
    let loose = try Self.file(
      #"{"applinks":{"substitutionVariables":{"f":["Pizza"]},"defaults":{"caseSensitive":false},"details":[{"appIDs":["A.a"],"components":[{"/":"/$(lower)/$(f)"}]}]}}"#
    )
    #expect(loose.opens("https://example.com/X/pizza"))
    #expect(try AppleAppSiteAssociation(json: file.json) == file)
    // verify fills the variables in its probes: the file's own links are not reported.
    var table = RouteTable()
    try table.add("food", "https://example.com/<id>/<food>/")
    let drifts = file.verify(against: table, host: "example.com")
    #expect(!drifts.contains { $0.url.contains("$(") }, "\(drifts)")
  }

  @Test("An unknown or unclosed variable, or a variable in a value, is refused with its place")
  func badVariables() throws {
    func error(_ json: String) -> AppLinkFileError? {
      do {
        _ = try AppleAppSiteAssociation(json: json)
        return nil
      } catch { return error }
    }
    let unknown = error(
      #"{"applinks":{"details":[{"appIDs":["A.a"],"components":[{"/":"/$(food)/*"}]}]}}"#)
    #expect(unknown?.message.contains("$(food)") == true)
    #expect(unknown?.column == 62)
    let unclosed = error(
      #"{"applinks":{"details":[{"appIDs":["A.a"],"components":[{"/":"/$(food/*"}]}]}}"#)
    #expect(unclosed?.message.contains("not closed") == true)
    let nested = error(
      #"{"applinks":{"substitutionVariables":{"a":["$(digit)"]},"details":[]}}"#)
    #expect(nested?.message.contains("another variable") == true)
    let name = error(#"{"applinks":{"substitutionVariables":{"a(b":["x"]},"details":[]}}"#)
    #expect(name?.line == 1)
  }
}
