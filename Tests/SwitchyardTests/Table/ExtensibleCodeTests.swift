import Switchyard
import Testing

/// The sets of codes that may grow are structs with static members (CONTRIBUTING.md, "Public
/// API"): a release that adds a code breaks no app's `switch`, which has a `default`. Imported
/// without `@testable`, so every member named here is public.
@Suite("Extensible codes: structs with static members that print as their names")
struct ExtensibleCodeTests {
  /// Every member of each type, with the name it prints as.
  static let tableCodes: [(RouteTableError.Code, String)] = [
    (.emptyName, "emptyName"), (.duplicateName, "duplicateName"), (.badPattern, "badPattern"),
    (.duplicateType, "duplicateType"), (.badTypeName, "badTypeName"),
    (.tooManyTypes, "tooManyTypes"), (.badOrigin, "badOrigin"), (.noPattern, "noPattern"),
    (.duplicateRoute, "duplicateRoute"), (.optionsDiffer, "optionsDiffer"),
  ]
  static let buildingCodes: [(URLBuildingError.Code, String)] = [
    (.unknownRoute, "unknownRoute"), (.missingValue, "missingValue"),
    (.invalidValue, "invalidValue"), (.partialGroup, "partialGroup"),
    (.hostRequired, "hostRequired"), (.hostMismatch, "hostMismatch"),
    (.invalidHost, "invalidHost"), (.schemeMismatch, "schemeMismatch"),
    (.invalidScheme, "invalidScheme"), (.queryConflict, "queryConflict"),
    (.ambiguous, "ambiguous"), (.invalidPattern, "invalidPattern"),
  ]
  static let reasons: [(UnmatchedReason, String)] = [
    (.noRoute, "noRoute"), (.allDeclined, "allDeclined"), (.rejected, "rejected"),
    (.redirectLoop, "redirectLoop"), (.tooManyRedirects, "tooManyRedirects"),
    (.needsAsync, "needsAsync"), (.handlerFailed, "handlerFailed"),
  ]
  static let outcomes: [(RoutingEvent.Outcome, String)] = [
    (.handled, "handled"), (.declined, "declined"), (.rejected, "rejected"),
    (.redirected, "redirected"), (.unmatched, "unmatched"), (.needsAsync, "needsAsync"),
    (.failed, "failed"),
  ]
  static let lintKinds: [(LintFinding.Kind, String)] = [
    (.duplicate, "duplicate"), (.shadowed, "shadowed"), (.overlap, "overlap"),
    (.captureNameCase, "captureNameCase"), (.unreachableAlternative, "unreachableAlternative"),
    (.matchesEverything, "matchesEverything"), (.undecided, "undecided"),
  ]
  static let linkOutcomes: [(LinkOutcome, String)] = [
    (.handled, "handled"), (.unmatched, "unmatched"), (.failed, "failed"),
    (.timedOut, "timedOut"), (.cancelled, "cancelled"), (.dropped, "dropped"),
    (.coalesced, "coalesced"), (.unresolved, "unresolved"),
  ]
  static let linkEventKinds: [(LinkEventKind, String)] = [
    (.held, "held"), (.released, "released"), (.finished, "finished"),
  ]
  static let explanationParts: [(RouteExplanation.Part, String)] = [
    (.scheme, "scheme"), (.host, "host"), (.port, "port"), (.segment, "segment"),
    (.conversion, "conversion"), (.query, "query"), (.fragment, "fragment"),
  ]

  /// Each member prints as its name, equals itself only, and hashes as its equality says.
  func check<Code: Hashable & CustomStringConvertible>(_ members: [(Code, String)]) {
    #expect(members.map(\.0.description) == members.map(\.1))
    #expect(members.map { "\($0.0)" } == members.map(\.1))
    #expect(Set(members.map(\.0)).count == members.count)
    for (index, (code, _)) in members.enumerated() {
      #expect(members.firstIndex { $0.0 == code } == index)
    }
  }

  @Test("RouteTableError.Code: ten codes, each its own name")
  func tableErrorCodes() {
    check(Self.tableCodes)
  }

  @Test("URLBuildingError.Code: twelve codes, each its own name")
  func buildingErrorCodes() {
    check(Self.buildingCodes)
  }

  @Test("UnmatchedReason: seven reasons, each its own name")
  func unmatchedReasons() {
    check(Self.reasons)
  }

  @Test("RoutingEvent.Outcome: seven outcomes, each its own name")
  func routingOutcomes() {
    check(Self.outcomes)
  }

  @Test("LintFinding.Kind: seven kinds, each its own name (the JSON's kind), severities kept")
  func lintKinds() {
    check(Self.lintKinds)
    #expect(LintFinding.Kind.allCases == Self.lintKinds.map(\.0))
    #expect(
      Self.lintKinds.map(\.0.severity) == [
        .error, .error, .note, .warning, .warning, .warning, .note,
      ])
  }

  @Test("A lint finding prints its kind by name, as the text output always did")
  func lintFindingText() throws {
    var table = RouteTable()
    try table.add("byID", "/u/:id")
    try table.add("byName", "/u/:name")
    let finding = try #require(table.lint().first)
    #expect(finding.kind == .duplicate)
    #expect("\(finding)".hasPrefix("error: duplicate: "))
  }

  @Test("LinkOutcome: eight outcomes, each its own name")
  func linkOutcomes() {
    check(Self.linkOutcomes)
  }

  @Test("LinkEventKind: three kinds, each its own name")
  func linkEventKinds() {
    check(Self.linkEventKinds)
  }

  @Test("RouteExplanation.Part: seven parts, each its own name (the JSON's part)")
  func explanationParts() throws {
    check(Self.explanationParts)
    var table = RouteTable()
    try table.add("user", "myapp://user/<int:id>")
    let failure = try #require(table.explain("myapp://user/abc").routes.first?.failure)
    switch failure.part {
    case .conversion: #expect(failure.segment == 2)
    default: Issue.record("expected conversion, got \(failure.part)")
    }
  }

  @Test("None of them is an enum, so an app's switch over one has a default")
  func notEnums() {
    // An exhaustive enum is what breaks apps when a code is added; a struct cannot be.
    #expect(Mirror(reflecting: RouteTableError.Code.badPattern).displayStyle == .struct)
    #expect(Mirror(reflecting: URLBuildingError.Code.invalidValue).displayStyle == .struct)
    #expect(Mirror(reflecting: UnmatchedReason.noRoute).displayStyle == .struct)
    #expect(Mirror(reflecting: RoutingEvent.Outcome.handled).displayStyle == .struct)
    #expect(Mirror(reflecting: LintFinding.Kind.duplicate).displayStyle == .struct)
    #expect(Mirror(reflecting: LinkOutcome.handled).displayStyle == .struct)
    #expect(Mirror(reflecting: LinkEventKind.held).displayStyle == .struct)
    #expect(Mirror(reflecting: RouteExplanation.Part.segment).displayStyle == .struct)
  }

  @Test("A thrown code reads naturally in a switch with a default, as an app writes it")
  func switchWithDefault() {
    var table = RouteTable()
    func code(_ pattern: String, name: String = "user") -> String {
      do {
        try table.add(name, pattern)
        return "added"
      } catch {
        switch error.code {
        case .badPattern: return "bad pattern at column \(error.patternError?.column ?? 0)"
        case .duplicateName: return "taken"
        default: return "\(error.code)"
        }
      }
    }
    #expect(code("/users/<int:id") == "bad pattern at column 15")
    #expect(code("/users/<int:id>") == "added")
    #expect(code("/people/<int:id>") == "taken")
    #expect(code("/x", name: "") == "emptyName")
  }
}
