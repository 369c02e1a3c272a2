import SwitchyardMacros
import SwitchyardTestSupport
import Testing

@Suite("@Routes: the generated code")
struct RoutesRuntimeTests {
  @Test("The documented example behaves as its comments say")
  func documentedExample() throws {
    #expect(AppLink(url: "myapp://user/42") == .user(id: 42))
    #expect(AppLink(url: "/users/new") == .newUser)
    #expect(AppLink(url: "myapp://nowhere") == nil)
    #expect(try AppLink.search(term: "a b", page: 2).url == "/search/a%20b?page=2")
    #expect(
      AppLink.routeTable.routes.map(\.name) == [
        "user", "post", "post #2", "search", "files", "newUser", "profile", "settings",
      ])
    #expect(
      AppLink.routeTable.routes.map(\.pattern.text)[1...2] == [
        "https://(www.)example.com/post/:slug", "myapp://post/:slug",
      ])
  }

  @Test("Every pattern of a case matches; the first builds")
  func severalPatterns() throws {
    #expect(AppLink(url: "https://example.com/post/hello") == .post(slug: "hello"))
    #expect(AppLink(url: "https://www.example.com/post/hello") == .post(slug: "hello"))
    #expect(AppLink(url: "myapp://post/hello") == .post(slug: "hello"))
    #expect(try AppLink.post(slug: "hello").url == "https://www.example.com/post/hello")
    #expect(
      try AppLink.post(slug: "hello").url(host: "example.com") == "https://example.com/post/hello")
  }

  @Test("A capture in an optional group is nil when the URL leaves it out, never a query item")
  func optionalCapture() throws {
    #expect(AppLink(url: "/users/7") == .profile(id: 7, tab: nil))
    #expect(AppLink(url: "/users/7/likes") == .profile(id: 7, tab: "likes"))
    #expect(AppLink(url: "/users/7?tab=likes") == .profile(id: 7, tab: nil))
    #expect(try AppLink.profile(id: 7, tab: nil).url == "/users/7")
    #expect(try AppLink.profile(id: 7, tab: "a b").url == "/users/7/a%20b")
  }

  @Test("Query and path captures, typed captures")
  func typedCaptures() throws {
    #expect(AppLink(url: "/search/swift?page=3") == .search(term: "swift", page: 3))
    #expect(AppLink(url: "/search/swift?page=three") == nil)
    #expect(AppLink(url: "/files/a/b/c.txt") == .files(rest: "a/b/c.txt"))
    #expect(ShopLink(url: "/price/2.5") == .price(amount: 2.5))
  }

  @Test("Captures are read from their slots: after a *, in a partial segment, query, fragment")
  func slots() {
    #expect(SlotLink(url: "/v2/r%41b.json") == .version(major: 2, minor: "Ab"))
    #expect(SlotLink(url: "/s/a/b/c") == .afterStar(name: "c"))
    #expect(SlotLink(url: "/x/b") == .moved(a: nil, b: "b"))
    #expect(SlotLink(url: "/x/a/b") == .moved(a: "a", b: "b"))
    #expect(SlotLink(url: "/q/k?v=a%20b#f") == .query(key: "k", value: "a b", frag: "f"))
    #expect(SlotLink(url: "/pair/1/2") == .pair(x: "1", y: "2"))
    #expect(SlotLink(url: "/swap/2/1") == .pair(x: "1", y: "2"))
  }

  @Test("An Int read from a capture's bytes follows Int(routeParameter:)")
  func integerGrammar() {
    // (as written in the URL, decoded)
    let texts = [
      ("5", "5"), ("-5", "-5"), ("+5", "+5"), ("007", "007"), ("-0", "-0"), ("-", "-"),
      ("5a", "5a"), ("%205", " 5"), ("9223372036854775807", "9223372036854775807"),
      ("9223372036854775808", "9223372036854775808"),
      ("-9223372036854775808", "-9223372036854775808"), ("%35", "5"), ("\u{0663}", "\u{0663}"),
    ]
    for (written, decoded) in texts {
      let expected = Int(routeParameter: decoded).map { SlotLink.number(id: $0) }
      #expect(SlotLink(url: "/n/\(written)") == expected, "\(written)")
    }
  }

  @Test("A value that does not convert means the case does not match: the next candidate wins")
  func conversionFailureFallsThrough() throws {
    #expect(ShopLink(url: "/tabs/likes") == .tab(tab: .likes))
    #expect(ShopLink(url: "/tabs/nonsense") == .otherTab(rest: "nonsense"))
    #expect(try ShopLink.tab(tab: .posts).url == "/tabs/posts")
  }

  @Test("A wildcard host is given by the caller; a value the pattern cannot hold throws")
  func buildingErrors() throws {
    #expect(throws: URLBuildingError.self) { try ShopLink.shop(item: "hat").url }
    do {
      _ = try ShopLink.shop(item: "hat").url
    } catch {
      #expect(error.code == .hostRequired)
    }
    #expect(
      try ShopLink.shop(item: "hat").url(host: "eu.example.com")
        == "https://eu.example.com/shop/hat")
    do {
      _ = try AppLink.search(term: "", page: 1).url
      Issue.record("an empty segment was built")
    } catch {
      #expect(error.code == .invalidValue)
      #expect(error.routeName == "search")
    }
  }

  @Test("Priority and metadata reach the table")
  func priorityAndMetadata() {
    let order = ShopLink.routeTable.route(named: "order")
    #expect(order?.priority == 1)
    #expect(order?.metadata[.gates] == [.signedIn])
    #expect(ShopLink(url: "myapp://orders/A1") == .order(id: "A1"))
  }

  @Test("Other options: a matcher per options value")
  func options() {
    let insensitive = RouteOptions(caseInsensitivePaths: true)
    #expect(AppLink(url: "/USERS/NEW") == nil)
    #expect(AppLink(url: "/USERS/NEW", options: insensitive) == .newUser)
    #expect(AppLink(url: "/USERS/NEW", options: insensitive) == .newUser)
    #expect(AppLink(url: "/users/new", options: RouteOptions()) == .newUser)
  }

  @Test("A matcher of the app's own gives the same values")
  func ownMatcher() {
    let matcher = RouteMatcher(AppLink.routeTable)
    #expect(AppLink(url: "myapp://user/42", matcher: matcher) == .user(id: 42))
    let match = matcher.match("/files/x/y")!
    #expect(AppLink(routeIndex: match.routeIndex, match: match) == .files(rest: "x/y"))
  }

  @Test("Round trip: for random values of every case, AppLink(url: link.url) == link")
  func roundTrip() throws {
    var random = SeededGenerator(seed: 2026_11_27)
    let alphabet = Array("abcXYZ019 -_.~%+&=?#/:@!$'()*,;é€😀")
    func text(_ random: inout SeededGenerator) -> String {
      String((0..<(1 + random.below(12))).map { _ in random.pick(alphabet) })
    }
    func segment(_ random: inout SeededGenerator) -> String {
      String((0..<(1 + random.below(8))).map { _ in random.pick(alphabet.filter { $0 != "/" }) })
    }
    func integer(_ random: inout SeededGenerator) -> Int {
      random.chance(20) ? Int(truncatingIfNeeded: random.next()) : random.below(1000) - 500
    }
    var checked = 0
    for _ in 0..<500 {
      let links: [AppLink] = [
        .user(id: integer(&random)),
        .post(slug: text(&random)),
        .search(term: text(&random), page: integer(&random)),
        .files(rest: (0...random.below(3)).map { _ in segment(&random) }.joined(separator: "/")),
        .newUser,
        .profile(id: integer(&random), tab: random.chance(50) ? nil : text(&random)),
        .settings,
      ]
      for link in links {
        let url = try link.url
        #expect(AppLink(url: url) == link, "\(link) built \(url)")
        checked += 1
      }
    }
    #expect(checked == 3_500)
  }
}
