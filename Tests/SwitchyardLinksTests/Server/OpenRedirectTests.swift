#if Links
  import Foundation
  import HTTPTypes
  import Switchyard
  import SwitchyardFiles
  @testable import SwitchyardLinks
  import SwitchyardTestSupport
  import Testing

  /// A short link sends a browser only where the router checked: URLs that a browser (WHATWG)
  /// reads otherwise than the router are refused at mint and import, and what is sent is the
  /// URL as a browser writes it.
  @Suite("Open redirects: one check of a link's target for mint, import and every answer")
  struct OpenRedirectTests {
    /// The forms of the security review, each read by a browser as a URL on evil.*.
    static let reviewForms = [
      #"https://evil.example.net\@shop.example.com/product/42"#,
      #"https://evil.com\.example.com/x"#,
      #"https://evil.com:443\@example.com/x"#,
      #"https://evil.com\a.example.com/post/1"#,
    ]

    @Test("each backslash form of the review: 422 naming the backslash, nothing stored")
    func reviewFormsRefused() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        for url in Self.reviewForms {
          let answer = try await client.mint("{\"url\":\(jsonQuoted(url))}")
          #expect(answer.status == .unprocessableContent, "\(url)")
          #expect(answer.body.contains("backslash"), "\(url): \(answer.body)")
          #expect(jsonString(answer.body, "field") == "url")
        }
        #expect(try await store.count() == 0)
      }
      // The first against the shop's table too, where /product/<int:id> is a path-only route.
      let shop = try ShopTable.table()
      try await LinksTestServer.run(configure: ShopTable.configure(shop)) {
        client, store, _ async throws in
        let answer = try await client.mint("{\"url\":\(jsonQuoted(Self.reviewForms[0]))}")
        #expect(answer.status == .unprocessableContent)
        #expect(try await store.count() == 0)
      }
    }

    @Test(
      "the other forms browsers read differently: userinfo, tab, dot segments, full-width dot, xn-- under a wildcard"
    )
    func otherFormsRefused() throws {
      let minter = LinkMinter(table: try BuiltInRoutes.table(), hosts: ["go.example.com"])
      let refused: [(String, String)] = [
        ("https://evil.com@example.com/x", "userinfo"),
        ("https://a:b@example.com/x", "userinfo"),
        ("https://example.com/x\ty", "tab or line break"),
        ("https://www.example.com/x\ny", "tab or line break"),
        ("https://example.com/a/../articles/1", "segment .."),
        ("https://example.com/%2e%2e/x", "segment %2e%2e"),
        ("https://example.com//evil.com/x", "empty segment"),
        ("https://evil\u{FF0E}a.example.com/post/1", "U+FF0E"),
        ("https://xn--80ak6aa92e.example.com/post/1", "xn--"),
        ("https://evil.com%5C.example.com/x", "character other than"),
        ("https://example.com:/x", "port"),
        // Browsers read the host of https:example.com; the router reads none.
        ("https:example.com/x", "no route of the table handles"),
        ("https://example.com/a%zz", "two hex digits"),
        ("https://example.com/a|b", "percent-encode"),
      ]
      for (url, reason) in refused {
        #expect(throws: LinkMintingError.self, "\(url)") {
          try minter.resolve(.url(url))
        }
        do {
          _ = try minter.resolve(.url(url))
        } catch {
          #expect(error.status == 422 && error.message.contains(reason), "\(url): \(error.message)")
        }
      }
      // What a browser writes differently but reads the same is stored as it writes it.
      #expect(
        try minter.resolve(.url("HTTPS://EXAMPLE.COM:443/articles/7?a='b'")).url
          == "https://example.com/articles/7?a=%27b%27")
    }

    @Test("import refuses the same URLs, CR, LF and TAB in a long URL, and one over 4,096 bytes")
    func importRefuses() throws {
      let minter = LinkMinter(table: try BuiltInRoutes.table(), hosts: ["go.example.com"])
      let long = "https://example.com/articles/7/" + String(repeating: "a", count: 4100)
      let text =
        "short,long\n"
        + "bs,\"https://evil.com\\@example.com/x\"\n"
        + "crlf,\"https://example.com/x\r\nSet-Cookie: pwn=1\"\n"
        + "tab,\"https://example.com/y\tz\"\n"
        + "long,\(long)\n"
        + "ok,https://example.com/articles/7\n"
      let reading = LinkImport(text, minter: minter, created: 0)
      #expect(reading.problems.map(\.line) == [2, 3, 5, 6])
      let reasons = reading.problems.map(\.reason)
      #expect(reasons.count == 4)
      if reasons.count == 4 {
        #expect(reasons[0].contains("backslash"))
        #expect(reasons[1].contains("tab or line break"))
        #expect(reasons[2].contains("tab or line break"))
        #expect(reasons[3].contains("over 4096 bytes"))
      }
    }

    @Test(
      "a link stored by an older release with a backslash: the answers are built from its route, never echoed"
    )
    func storedBeforeTheFix() async throws {
      try await LinksTestServer.run { client, store, _ async throws in
        // What the release before the fix stored for the first review form.
        let record = LinkRecord(
          code: "old", url: #"https://evil.com\@example.com/x"#, route: "website",
          values: [("rest", "x")], created: 0)
        #expect(try await store.insert(record))
        let desktop = try await client.get("/l/old", userAgent: Agents.desktop)
        #expect(desktop.status == .found)
        #expect(desktop.headers[.location] == "https://example.com/x")
        for agent in [Agents.iPhone, Agents.android, Agents.crawler] {
          let answer = try await client.get("/l/old", userAgent: agent)
          #expect(!answer.body.contains("evil"), "\(agent)")
          #expect(!answer.body.contains("\\"), "\(agent)")
          if let location = answer.headers[.location] {
            #expect(location == "https://example.com/x")
          }
        }
      }
    }

    // MARK: The generated comparison with a browser's reading

    /// URLs of the example table's routes, which the generator starts from.
    static let bases = [
      "https://example.com/articles/7", "https://www.example.com/articles/7/hello",
      "http://example.com/about/team", "https://news.example.com/post/launch",
      "https://go.example.com/s/abc", "https://example.com/@alice",
      "https://api.example.com/articles/7.json", "https://example.com/spring?utm_campaign=sale",
      "https://example.com/account/orders", "https://example.com/legacy/old/page",
      "https://shop.example.com/product/42", "myapp://user/42", "myapp://search?q=red%20shoes",
      "myapp://help#returns", "myapp://settings/privacy/ads", "myapp://files/docs/read%20me.txt",
    ]
    /// What the review tried, and its relatives, to put in place of or before a host.
    static let userinfos = ["evil.com@", "evil.com\\@", "a:b@", "evil.com:443\\@", "@"]
    static let hostPrefixes = [
      "evil.com\\", "evil.com\\.", "evil.com\\a.", "evil.com%5C.", "evil.com;.", "xn--80ak6aa92e.",
    ]
    static let hosts = [
      "EXAMPLE.COM", "Www.Example.Com", "evil.com", "xn--e1afmkfd.example.com", "a..example.com",
      "example.com.", "127.0.0.1", "example.123", "0x7f.example.com", "evil\u{FF0E}example.com",
      "example\u{3002}com", "ex%61mple.com", "",
    ]
    static let separators = [":/\\", ":\\\\", ":", ":///", ":/", "://\\"]
    static let ports = [":443", ":80", ":8443", ":", ":99999", ":0443", ":1"]
    static let pathPieces = [
      "/..", "/.", "/%2e%2e", "/%2E", "//evil.com", "/\\evil.com", "/a|b", "/caf\u{E9}", "/a'b",
      "/%5C", "/a%2fb",
    ]
    static let tails = [
      "?q=1", "?a='b'", "?x=%ZZ", "?q=%5C", "#top", "#a#b", "#x\\y", "#%20", "?q=a b",
    ]
    static let noise = [
      "\\", "\t", "\r", "\n", "%5C", "%2e", "\u{FF0E}", "@", " ", "#", "?", "/", "\u{0}",
    ]

    /// `count` URLs from the seeded generator: a URL of the table, with up to three of the
    /// mutations above (a quarter of them with none).
    static func generated(count: Int, seed: UInt64) -> [String] {
      var random = SeededGenerator(seed: seed)
      var urls: [String] = []
      for _ in 0..<count {
        let base = random.pick(bases)
        guard let separator = base.firstRange(of: "://") else { continue }
        var scheme = String(base[..<separator.lowerBound])
        var middle = "://"
        var rest = base[separator.upperBound...]
        let hostEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
        var host = String(rest[..<hostEnd])
        var path = String(rest[hostEnd...])
        rest = ""
        var port = ""
        var userinfo = ""
        for _ in 0..<(random.chance(25) ? 0 : 1 + random.below(3)) {
          switch random.below(10) {
          case 0: userinfo = random.pick(userinfos)
          case 1: host = random.pick(hostPrefixes) + host
          case 2: host = random.pick(hosts)
          case 3: middle = random.pick(separators)
          case 4: port = random.pick(ports)
          case 5:
            let firstSlash = path.firstIndex(of: "/") ?? path.endIndex
            path.insert(contentsOf: random.pick(pathPieces), at: firstSlash)
          case 6: path += random.pick(tails)
          case 7: scheme = scheme.uppercased()
          case 8:
            if let dot = host.firstIndex(of: ".") {
              host.replaceSubrange(dot...dot, with: random.pick(["\u{FF0E}", "\u{3002}", "\\."]))
            }
          default:
            var scalars = Array((host + port + path).unicodeScalars)
            let at = random.below(scalars.count + 1)
            scalars.insert(contentsOf: random.pick(noise).unicodeScalars, at: at)
            host = String(String.UnicodeScalarView(scalars))
            port = ""
            path = ""
          }
        }
        urls.append(scheme + middle + userinfo + host + port + path)
      }
      return urls
    }

    /// What was minted and what the service sent for one generated URL.
    struct Outcome {
      var input: String
      var stored: String?
      /// Every `Location` and `href` of a short-link answer that leads to the link (not the
      /// stores), with where it came from.
      var emitted: [(where: String, url: String)] = []
    }

    @Test(
      "generated URLs: every one a browser reads otherwise than the router is refused; 0 disagreements reach a Location or an href",
      .enabled(
        if: NodeURL.executable != nil || NodeURL.isRequired,
        "Node (the WHATWG reading) is not installed; set CI=true to make this a failure"))
    func generatedComparison() async throws {
      guard let node = NodeURL.executable.map(NodeURL.init(executable:)) else {
        Issue.record("CI=true, but Node (new URL, the WHATWG reading) is not at /usr/bin/node")
        return
      }
      let table = try BuiltInRoutes.table()
      let matcher = RouteMatcher(table)
      let inputs = Self.reviewForms + Self.generated(count: 400, seed: 0x5EED_40)
      let outcomes: [Outcome] = try await LinksTestServer.run { client, _, _ async throws in
        var outcomes: [Outcome] = []
        for (index, input) in inputs.enumerated() {
          var outcome = Outcome(input: input)
          let answer = try await client.mint(
            "{\"url\":\(jsonQuoted(input)),\"code\":\"g\(index)\"}")
          guard answer.status == .created else {
            #expect(
              answer.status == .unprocessableContent || answer.status == .badRequest,
              "\(input): \(answer.status)")
            outcomes.append(outcome)
            continue
          }
          outcome.stored = jsonString(answer.body, "url")
          for agent in [Agents.desktop, Agents.iPhone, Agents.android, Agents.crawler] {
            let page = try await client.get("/l/g\(index)", userAgent: agent)
            if let location = page.headers[.location] {
              outcome.emitted.append(("Location (\(agent.prefix(20)))", location))
            }
            for link in links(in: page.body)
            where !link.href.contains("apps.apple.com") && !link.href.contains("play.google.com") {
              outcome.emitted.append(("href \(link.text) (\(agent.prefix(20)))", link.href))
            }
          }
          outcomes.append(outcome)
        }
        return outcomes
      }

      // One run of Node reads every input, every stored URL and everything sent.
      var texts = inputs
      for outcome in outcomes {
        if let stored = outcome.stored { texts.append(stored) }
        texts += outcome.emitted.map(\.url)
      }
      let readings = try node.read(texts)
      var browser: [String: NodeURL.Reading] = [:]
      for (text, reading) in zip(texts, readings) { browser[text] = reading }

      var disagreements: [String] = []
      func compare(_ url: String, as what: String, input: String) {
        guard let reading = browser[url], reading.ok else {
          disagreements.append("\(what) \(url) (from \(input)): a browser cannot read it")
          return
        }
        guard reading.href == url else {
          disagreements.append(
            "\(what) \(url) (from \(input)): a browser writes it \(reading.href ?? "")")
          return
        }
        guard let parts = matcher.match(url)?.url else {
          disagreements.append("\(what) \(url) (from \(input)): no route of the table handles it")
          return
        }
        let scheme = String((reading.proto ?? "").dropLast())
        if parts.scheme != scheme {
          disagreements.append("\(what) \(url): scheme \(parts.scheme ?? "nil") / \(scheme)")
        }
        guard scheme == "http" || scheme == "https" else { return }
        let segments = (reading.pathname ?? "").split(separator: "/").map {
          String($0).removingPercentEncoding ?? String($0)
        }
        let port = reading.port.flatMap { Int($0) }
        let routerPort = parts.port == (scheme == "https" ? 443 : 80) ? nil : parts.port
        let search = reading.search.map { $0.isEmpty ? nil : String($0.dropFirst()) } ?? nil
        let fragment =
          reading.hash.map { $0.isEmpty ? nil : String($0.dropFirst()).removingPercentEncoding }
          ?? nil
        if parts.host != reading.hostname || routerPort != port || parts.pathSegments != segments
          || (parts.rawQuery.flatMap { $0.isEmpty ? nil : $0 }) != search
          || (parts.fragment.flatMap { $0.isEmpty ? nil : $0 }) != fragment
        {
          disagreements.append(
            "\(what) \(url) (from \(input)): router \(parts.host ?? "nil") \(parts.pathSegments) "
              + "\(parts.rawQuery ?? "") / browser \(reading.hostname ?? "nil") \(segments) "
              + "\(reading.search ?? "")")
        }
        if !LinkMinter(table: table, hosts: ["go.example.com"]).isTableHost(parts.host ?? "") {
          disagreements.append("\(what) \(url): host \(parts.host ?? "nil") is not the table's")
        }
      }

      var accepted = 0
      for outcome in outcomes {
        guard let stored = outcome.stored else { continue }
        accepted += 1
        compare(stored, as: "stored", input: outcome.input)
        // What a browser makes of the URL minted is the URL stored.
        if let input = browser[outcome.input], input.href != stored {
          disagreements.append(
            "input \(outcome.input): a browser reads \(input.href ?? "nothing"), stored \(stored)")
        }
        for (place, url) in outcome.emitted {
          compare(url, as: place, input: outcome.input)
        }
      }
      #expect(disagreements == [])
      // The generator reaches both sides of the check.
      #expect(accepted >= 40, "accepted \(accepted) of \(inputs.count)")
      #expect(inputs.count - accepted >= 200, "refused \(inputs.count - accepted)")
      // The inputs a browser reads on another host than the router does are there, and
      // every one of them was refused.
      var otherHost = 0
      for outcome in outcomes {
        guard let reading = browser[outcome.input], reading.ok,
          reading.proto == "https:" || reading.proto == "http:",
          let parts = matcher.match(outcome.input)?.url, parts.host != reading.hostname
        else { continue }
        otherHost += 1
        #expect(outcome.stored == nil, "\(outcome.input) was minted")
      }
      #expect(otherHost >= 10, "\(otherHost) inputs read on another host")
    }
  }
#endif
