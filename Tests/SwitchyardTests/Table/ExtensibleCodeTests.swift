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

  @Test("None of the four is an enum, so an app's switch over one has a default")
  func notEnums() {
    // An exhaustive enum is what breaks apps when a code is added; a struct cannot be.
    #expect(Mirror(reflecting: RouteTableError.Code.badPattern).displayStyle == .struct)
    #expect(Mirror(reflecting: URLBuildingError.Code.invalidValue).displayStyle == .struct)
    #expect(Mirror(reflecting: UnmatchedReason.noRoute).displayStyle == .struct)
    #expect(Mirror(reflecting: RoutingEvent.Outcome.handled).displayStyle == .struct)
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
