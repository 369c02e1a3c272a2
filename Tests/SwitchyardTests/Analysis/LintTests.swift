import Testing

@testable import Switchyard

/// Builds a table from (name, pattern, priority) rows.
func lintTable(
  _ rows: [(String, String, Int)], options: RouteOptions = RouteOptions(),
  types: [ParameterType] = []
) throws -> RouteTable {
  var table = RouteTable(options: options)
  for type in types { try table.register(type) }
  for (name, pattern, priority) in rows { try table.add(name, pattern, priority: priority) }
  return table
}

/// Checks that every finding's witness behaves as the finding says under the real matcher.
func verifyWitnesses(_ table: RouteTable, _ findings: [LintFinding]) {
  let matcher = RouteMatcher(table)
  for finding in findings {
    let candidates = matcher.candidates(for: finding.witness).map(\.route.name)
    let winner = matcher.match(finding.witness)?.route.name
    #expect(winner == candidates.first, "\(finding)")
    switch finding.kind {
    case .duplicate, .overlap:
      // Both match, the first ranks before the second.
      let first = candidates.firstIndex(of: finding.routes[0])
      let second = candidates.firstIndex(of: finding.routes[1])
      #expect(first != nil && second != nil, "\(finding) candidates \(candidates)")
      if let first, let second { #expect(first < second, "\(finding) candidates \(candidates)") }
    case .shadowed, .unreachableAlternative:
      #expect(candidates.contains(finding.routes[0]), "\(finding) candidates \(candidates)")
      #expect(winner == finding.routes[1], "\(finding) candidates \(candidates)")
    case .captureNameCase, .matchesEverything, .undecided:
      #expect(candidates.contains(finding.routes[0]), "\(finding) candidates \(candidates)")
    default:
      // A kind added later gets its own check here.
      Issue.record("no witness check for the kind \(finding.kind): \(finding)")
    }
  }
}

/// `kind routes…` for each finding, to compare whole lint results at a glance.
func summary(_ findings: [LintFinding]) -> [String] {
  findings.map { "\($0.kind) \($0.routes.joined(separator: " "))" }
}

@Suite struct LintTests {
  @Test func duplicateCaptureNamesAndSamePatternTwice() throws {
    let table = try lintTable([
      ("byID", "/u/:id", 0), ("byName", "/u/:name", 0), ("again", "/u/:id", 0),
      ("other", "/v/:id", 0),
    ])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["duplicate byID byName", "duplicate byID again"])
    #expect(findings[0].kind.severity == .error)
  }

  @Test func duplicateThroughOptionalGroups() throws {
    // The same two variants written two ways.
    let table = try lintTable([
      ("a", "/docs(/latest)", 0), ("b", "/docs/(latest)", 0), ("c", "/docs/latest/x", 0),
    ])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["duplicate a b"])
  }

  @Test func shadowedByHigherPriorityCatchAll() throws {
    let table = try lintTable([("x", "/p/x", 0), ("all", "/p/*", 1)])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["shadowed x all"])
    #expect(findings[0].witness == "/p/x")
  }

  @Test func shadowedTypedCaptureUnderPathCatchAll() throws {
    let table = try lintTable([("id", "/f/<int:id>", 0), ("rest", "/f/<path:p>", 1)])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["shadowed id rest"])
  }

  @Test func shadowedByASetOfRoutes() throws {
    // Neither int nor the fallback alone covers "/n/:v"'s URLs, but together with the literal
    // route they do not either: a word wins. Add a string route at a higher priority and the
    // whole set covers it.
    let open = try lintTable([
      ("v", "/n/:v", 0), ("int", "/n/<int:i>", 1), ("float", "/n/<float:f>", 1),
    ])
    #expect(open.lint().filter { $0.kind == .shadowed }.isEmpty)
    let covered = try lintTable([
      ("v", "/n/:v", 0), ("int", "/n/<int:i>", 1), ("word", "/n/(:w)", 2), ("empty", "/n", 0),
    ])
    let findings = covered.lint()
    verifyWitnesses(covered, findings)
    #expect(findings.contains { $0.kind == .shadowed && $0.routes[0] == "v" })
  }

  @Test func shadowedAcrossHostsAndSchemes() throws {
    // "https://example.com/a" is covered by the any-host route of higher priority only on
    // https; the http alternative still wins.
    let partly = try lintTable([
      ("site", "http(s)://example.com/a", 0), ("any", "https://*/a", 1),
    ])
    let findings = partly.lint()
    verifyWitnesses(partly, findings)
    #expect(findings.filter { $0.kind.severity == .error }.isEmpty)
    #expect(summary(findings).contains("unreachableAlternative site any"))
    let whole = try lintTable([("site", "https://example.com/a", 0), ("any", "https://*/a", 1)])
    #expect(summary(whole.lint()) == ["shadowed site any"])
  }

  @Test func queryAndFragmentRequirementsCount() throws {
    // A query requirement makes a route more specific; without a higher priority it wins.
    let table = try lintTable([
      ("plain", "/s", 0), ("sorted", "/s?sort=recent", 0), ("help", "/h#<section>", 0),
      ("helpAll", "/h", 1),
    ])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings).contains("shadowed help helpAll"))
    #expect(summary(findings).contains("overlap sorted plain"))
    #expect(!summary(findings).contains { $0.hasPrefix("shadowed plain") })
  }

  @Test func typedCapturesFallThrough() throws {
    // int beats string; both win some URL: an overlap, not a shadow.
    let table = try lintTable([("name", "/user/:name", 0), ("id", "/user/<int:id>", 0)])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["overlap id name"])
    #expect(findings[0].decision?.rule == .path(element: 2))
  }

  @Test func mixedCapturesAndCaseInsensitivePaths() throws {
    // The same URLs, but captures with literal text rank by their text in byte order, so
    // "<id>.JSON" always wins: a shadow, not a duplicate.
    let table = try lintTable(
      [
        ("json", "/a/<id>.json", 0), ("JSON", "/A/<id>.JSON", 0), ("lower", "/A/X", 0),
        ("upper", "/a/x", 0),
      ],
      options: RouteOptions(caseInsensitivePaths: true))
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(summary(findings) == ["shadowed json JSON", "duplicate lower upper"])
  }

  @Test func warnings() throws {
    let table = try lintTable([
      ("user", "/user/<int:userId>", 0), ("userPosts", "/user/<int:userid>/posts", 0),
      ("all", "*", -1), ("page", "/p/(42)", 0), ("num", "/p/<int:n>", 1),
    ])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    let kinds = summary(findings)
    #expect(kinds.contains("captureNameCase user userPosts"))
    #expect(kinds.contains("matchesEverything all"))
    #expect(kinds.contains("unreachableAlternative page num"))
    #expect(findings.allSatisfy { $0.kind.severity != .error })
  }

  @Test func cleanTablesHaveNoErrorsOrWarnings() throws {
    let table = try lintTable([
      ("home", "myapp://", 0), ("user", "myapp://user/<int:id>", 0),
      ("settings", "myapp://settings", 0), ("post", "https://example.com/post/:id", 0),
    ])
    #expect(table.lint().isEmpty)
  }

  @Test("A home route (`/`, or a pattern whose shortest form is `/`) does not match everything")
  func homeRouteIsNotEverything() throws {
    let probes = [
      "/", "/zzz", "myapp://zzz/yyy", "https://a.com/x/y?q=1#f", "myapp://", "//h/a", "/a/b",
    ]
    let homes = ["/", "", "//", "/(a)", "/(<int:n>)", "/((a)/(b))", "/(a/(<n>))"]
    let others: [[(String, String, Int)]] = [
      [],
      [("user", "/user/<int:id>", 0), ("settings", "myapp://settings", 0)],
      [
        ("product", "https://shop.example.com/product/<int:id>", 0), ("search", "/search?q=<q>", 0),
      ],
    ]
    for home in homes {
      for rest in others {
        let table = try lintTable([("home", home, 0)] + rest)
        let findings = table.lint()
        verifyWitnesses(table, findings)
        #expect(!findings.contains { $0.kind == .matchesEverything }, "\(home): \(findings)")
        // Checked against the matcher: some URL does not reach the home route.
        let matcher = RouteMatcher(table)
        let missed = probes.filter { url in
          !matcher.candidates(for: url).contains { $0.route.name == "home" }
        }
        #expect(missed.contains("/zzz") && missed.contains("myapp://zzz/yyy"), "\(home)")
        #expect(matcher.match("/")?.route.name == "home", "\(home)")
      }
    }
    // A path of catch-alls only still matches everything, and the matcher agrees.
    for fallback in ["/*", "*rest", "/(*)", "/(a/)*all"] {
      let table = try lintTable([("home", "/", 0), ("all", fallback, -1)])
      let findings = table.lint()
      #expect(summary(findings).contains("matchesEverything all"), "\(fallback): \(findings)")
      let matcher = RouteMatcher(table)
      for url in probes {
        #expect(matcher.candidates(for: url).contains { $0.route.name == "all" }, "\(url)")
      }
    }
  }

  @Test func everyWitnessHoldsOnTrickyTables() throws {
    let table = try lintTable([
      ("a", "/x/*/y", 0), ("b", "/x/*", 0), ("c", "/x/<path:p>/y", 1), ("d", "/*/y", 0),
      ("e", "//*.example.com/x/:k", 0), ("f", "https://(*.)example.com/x/:k", 0),
      ("g", "/q?k=<int:k>", 0), ("h", "/q?k=7", 0), ("i", "/q?k=:k&m=1", 0),
      ("j", "myapp://x/(y)", 0), ("k", "myapp://x/y", 0),
    ])
    let findings = table.lint()
    verifyWitnesses(table, findings)
    #expect(!findings.isEmpty)
  }
}
