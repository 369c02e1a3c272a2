import Testing

@testable import Switchyard

/// The check after building (`Building/BuildPlan.swift`, `proves`): a URL is matched back
/// against its route once per shape where the plan proves its values, and every time where it
/// cannot, so that values a URL cannot tell apart are refused as before.
@Suite struct URLBuildingCheckTests {
  /// Counts the URLs matched back while `body` runs (debug builds count; release builds skip).
  func matchedBack(_ body: () throws -> Void) rethrows -> Int? {
    #if DEBUG
      let counter = Locked(0)
      try BuildPlan.$matchedBack.withValue(counter) { try body() }
      return counter.withLock { $0 }
    #else
      try body()
      return nil
    #endif
  }

  /// The error `body` throws, as the user reads it.
  func message(_ body: () throws(URLBuildingError) -> String) -> String {
    do {
      return "built " + (try body())
    } catch {
      return error.description
    }
  }

  @Test func provenRouteIsMatchedBackOncePerShape() throws {
    var table = RouteTable()
    try table.add("item", "myapp://item/<int:id>/<path:rest>")
    try table.add("search", "/search/:term")
    var urls: [String] = []
    let checks = try matchedBack {
      for id in 0..<50 {
        urls.append(try table.url(for: "item", values: ["id": id, "rest": "a/b c/\(id)"]))
        urls.append(try table.url(for: "search", values: ["term": "t/\(id) ?#%"]))
      }
    }
    // One URL of each route; the 98 others have the same shape and are proven by the plan.
    if let checks { #expect(checks == 2) }
    #expect(urls[0] == "myapp://item/0/a/b%20c/0")
    #expect(urls[99] == "/search/t%2F49%20%3F%23%25")
    let matcher = RouteMatcher(table)
    for id in [0, 49] {
      let item = try #require(matcher.match(urls[2 * id]))
      #expect(item.parameter("id")?.intValue == id)
      #expect(item.parameter("rest")?.stringValue == "a/b c/\(id)")
      let search = try #require(matcher.match(urls[2 * id + 1]))
      #expect(search.parameter("term")?.stringValue == "t/\(id) ?#%")
    }
  }

  /// Each shape is matched back the first time: another host, a `*` that prints nothing, a
  /// fragment capture that is empty, a query of values with no capture.
  @Test func everyShapeIsMatchedBackOnce() throws {
    var table = RouteTable()
    try table.add("page", "https://*.example.com/p/<int:id>/*rest#<section>")
    let calls: [(values: [String: any BuildValueConvertible], host: String)] = [
      (["id": 1, "rest": "a", "section": "s"], "a.example.com"),
      (["id": 2, "rest": "b/c", "section": "t"], "a.example.com"),
      (["id": 3, "rest": "a", "section": "s"], "b.example.com"),
      (["id": 4, "section": "s"], "a.example.com"),
      (["id": 5, "rest": "", "section": "s"], "a.example.com"),
      (["id": 6, "rest": "a", "section": ""], "a.example.com"),
      (["id": 7, "rest": "a", "section": "s", "ref": "push"], "a.example.com"),
      (["id": 8, "rest": "a", "section": "s", "ref": ["x", "y"]], "a.example.com"),
    ]
    var urls: [String] = []
    let checks = try matchedBack {
      for call in calls {
        urls.append(try table.url(for: "page", values: call.values, host: call.host))
      }
    }
    // Calls 2, 5 and 8 repeat the shape of calls 1, 4 and 7.
    if let checks { #expect(checks == 5) }
    #expect(
      urls == [
        "https://a.example.com/p/1/a#s", "https://a.example.com/p/2/b/c#t",
        "https://b.example.com/p/3/a#s", "https://a.example.com/p/4#s",
        "https://a.example.com/p/5#s", "https://a.example.com/p/6/a#",
        "https://a.example.com/p/7/a?ref=push#s", "https://a.example.com/p/8/a?ref=x&ref=y#s",
      ])
  }

  /// A plan keeps a bounded number of shapes: a route built for more hosts than that is
  /// matched back every time for the hosts it did not keep, and still builds the same URLs.
  @Test func shapesBeyondTheBoundAreMatchedEveryTime() throws {
    var table = RouteTable()
    try table.add("post", "https://*.example.com/post/:id")
    let hosts = (0..<(BuildPlan.maximumCheckedShapes + 4)).map { "h\($0).example.com" }
    var urls: [String] = []
    let checks = try matchedBack {
      for round in 0..<3 {
        for host in hosts {
          urls.append(try table.url(for: "post", values: ["id": round], host: host))
        }
      }
    }
    if let checks { #expect(checks == hosts.count + 2 * 4) }
    #expect(urls.last == "https://h19.example.com/post/2")
  }

  /// Optional groups give a route several readings, so the plan proves nothing: every URL is
  /// matched back, and a value that makes the URL reach another, more specific reading of
  /// the route is refused every time, also after URLs of the same shape were built.
  @Test func groupsAreMatchedBackEveryTime() throws {
    var table = RouteTable()
    try table.add("files", "/files/*rest(/<int:page>)")
    let checks = matchedBack {
      for round in 0..<3 {
        #expect(
          message { () throws(URLBuildingError) in
            try table.url(for: "files", values: ["rest": "a/b\(round)"])
          } == "built /files/a/b\(round)")
        #expect(
          message { () throws(URLBuildingError) in
            try table.url(for: "files", values: ["rest": "a/\(round)"])
          }
            == "route 'files': these values cannot be told apart in a URL: /files/a/\(round) reads back as rest = \"a\", page = \(round)"
        )
      }
    }
    if let checks { #expect(checks == 6) }
  }

  /// Two catch-alls in one path: the plan cannot tell where one ends, so the URL is matched
  /// back every time, and values that read back split elsewhere are refused every time.
  @Test func twoCatchAllsAreMatchedBackEveryTime() throws {
    var table = RouteTable()
    try table.add("diff", "/diff/*from/to/*onto")
    var messages: [String] = []
    let checks = matchedBack {
      for _ in 0..<3 {
        messages.append(
          message { () throws(URLBuildingError) in
            try table.url(for: "diff", values: ["from": "a/b", "onto": "c"])
          })
        messages.append(
          message { () throws(URLBuildingError) in
            try table.url(for: "diff", values: ["from": "a/to/b", "onto": "c"])
          })
      }
    }
    if let checks { #expect(checks == 6) }
    #expect(messages[0] == "built /diff/a/b/to/c")
    #expect(
      messages[1]
        == "route 'diff': these values cannot be told apart in a URL: /diff/a/to/b/to/c reads back as from = \"a\", onto = \"b/to/c\""
    )
    #expect(messages == Array(repeating: [messages[0], messages[1]], count: 3).flatMap { $0 })
  }

  /// A capture printed in the host position of a custom scheme is read by the host's rules:
  /// the plan proves nothing there, so the URL is matched back every time.
  @Test func captureInTheHostPositionIsMatchedBackEveryTime() throws {
    var table = RouteTable()
    try table.add("open", "myapp://<page>/x")
    var urls: [String] = []
    let checks = try matchedBack {
      for page in ["home", "a:b", "me@x"] {
        urls.append(try table.url(for: "open", values: ["page": page]))
      }
    }
    if let checks { #expect(checks == 3) }
    #expect(urls == ["myapp://home/x", "myapp://a%3Ab/x", "myapp://me%40x/x"])
  }
}
