import Testing

@testable import Switchyard

/// `match(_:into:)` overwrites the match already in the variable in place; nothing of the
/// previous match may show through.
@Suite("match(_:into:) overwrites the previous match")
struct MatchIntoReuseTests {
  @Test("A context set on the previous match is not carried into the next one")
  func contextCleared() throws {
    let matcher = try makeMatcher(["/a/:x"])
    var reused: RouteMatch? = nil
    #expect(matcher.match("/a/1", into: &reused))
    let key = TypedKey<String>("source", default: "none")
    reused?.context = RoutingContext.with(key, "push")
    #expect(reused?.context[key] == "push")
    #expect(matcher.match("/a/2", into: &reused))
    #expect(reused?.context.isEmpty == true)
    #expect(reused?.parameter("x")?.description == "2")
  }

  @Test("Spilled captures are reused across matchers and widths, and read back exactly")
  func spilledAcrossMatchers() throws {
    let wide = try makeMatcher(["/w/:a/:b/:c/:d/:e/:f"])
    let other = try makeMatcher(
      ["/o/:p/:q/:r/:s/:t", "/n/:u"], options: RouteOptions(plusAsSpace: true))
    var reused: RouteMatch? = nil
    #expect(wide.match("/w/1/2/3/4/5/6", into: &reused))
    let first = try #require(reused)
    #expect(other.match("/o/a/b/c/d/e", into: &reused))
    #expect(reused?.parameters.map(\.value.description) == ["a", "b", "c", "d", "e"])
    #expect(reused?.route.pattern.description == "/o/:p/:q/:r/:s/:t")
    #expect(reused?.query.items.isEmpty == true)
    #expect(other.match("/n/x?k=a+b", into: &reused))
    #expect(reused?.parameters.map(\.name) == ["u"])
    #expect(reused?.query.last("k") == "a b")
    #expect(first.parameters.map(\.value.description) == ["1", "2", "3", "4", "5", "6"])
    #expect(wide.match("/w/6/5/4/3/2/1", into: &reused))
    #expect(reused?.parameters.map(\.value.description) == ["6", "5", "4", "3", "2", "1"])
    #expect(first.parameters.map(\.value.description) == ["1", "2", "3", "4", "5", "6"])
  }
}
