import SwitchyardFiles
import Testing

/// `AppLinkDrift.Kind` is a set of codes that may grow (`verify` learns new checks): a struct
/// with static members, never an exhaustive enum (CONTRIBUTING.md, "Public API"). Imported
/// without `@testable`, so every member named here is public.
@Suite("AppLinkDrift.Kind: a struct with static members that print as their names")
struct AppLinkDriftKindTests {
  static let kinds: [(AppLinkDrift.Kind, String)] = [
    (.unhandledLink, "unhandledLink"), (.webOnlyLink, "webOnlyLink"),
    (.routeNotLetIn, "routeNotLetIn"), (.notVerified, "notVerified"),
  ]

  @Test("Four kinds, each its own name (the kind of `switchyard verify --json`), all distinct")
  func names() {
    let kinds = Self.kinds
    #expect(kinds.map(\.0.description) == kinds.map(\.1))
    #expect(kinds.map { "\($0.0)" } == kinds.map(\.1))
    #expect(Set(kinds.map(\.0)).count == kinds.count)
    for (index, (kind, _)) in kinds.enumerated() {
      #expect(kinds.firstIndex { $0.0 == kind } == index)
    }
  }

  @Test("Not an enum, so an app's switch over it has a default")
  func notAnEnum() {
    #expect(Mirror(reflecting: AppLinkDrift.Kind.unhandledLink).displayStyle == .struct)
  }
}
