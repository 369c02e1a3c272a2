import Testing

@testable import Switchyard

extension TypedKey where Value == Int {
  fileprivate static var count: Self { Self("count", default: -1) }
  fileprivate static var page: Self { Self("page", default: 0) }
}

extension TypedKey where Value == String {
  fileprivate static var source: Self { Self("source", default: "link") }
  fileprivate static var screen: Self { Self("screen", default: "") }
  /// The same name as `count`, read as another type.
  fileprivate static var countText: Self { Self("count", default: "none") }
}

/// A context is a value: filling one in place (a chain of `with`, the setter) never shows in
/// another context that shares its storage.
@Suite("Routing context")
struct RoutingContextTests {
  @Test("values are read back by key, defaults stand in, the newest value of a name wins")
  func values() {
    #expect(RoutingContext().isEmpty)
    #expect(RoutingContext()[.source] == "link")
    let context = RoutingContext.with(.source, "push").with(.count, 2).with(.count, 3)
    #expect(!context.isEmpty)
    #expect(context[.source] == "push")
    #expect(context[.count] == 3)
    #expect(context[.page] == 0)
    // A value stored under the name with another type reads as the key's default.
    #expect(context[.countText] == "none")
    var more = context
    more[.page] = 4
    more[.screen] = "cart"
    more[.source] = "mail"
    #expect(more[.page] == 4)
    #expect(more[.screen] == "cart")
    #expect(more[.source] == "mail")
    #expect(more[.count] == 3)
  }

  @Test("contexts made from one another never change each other")
  func valueSemantics() {
    let base = RoutingContext.with(.source, "push")
    let one = base.with(.count, 1)
    let two = base.with(.count, 2).with(.page, 9)
    #expect(base[.count] == -1)
    #expect(one[.count] == 1)
    #expect(two[.count] == 2)
    #expect(one[.page] == 0)
    #expect(two[.page] == 9)
    var copy = two
    copy[.count] = 5
    copy[.screen] = "home"
    #expect(two[.count] == 2)
    #expect(two[.screen] == "")
    #expect(copy[.count] == 5)
    var third = copy
    third[.source] = "widget"
    #expect(copy[.source] == "push")
    #expect(third[.source] == "widget")
    #expect(base[.source] == "push")
  }

  @Test("a name set again replaces its value: the context keeps one entry per name")
  func setAgainKeepsOneEntry() {
    var context = RoutingContext.with(.source, "push").with(.count, 0).with(.page, 1)
    for round in 1...1_000 { context[.count] = round }
    context[.countText] = "text"  // the same name with another type replaces it too
    var names: [String] = []
    var entry = context.last
    while let current = entry {
      names.append(current.name)
      entry = current.previous
    }
    #expect(names == ["count", "page", "source"])
    #expect(context[.countText] == "text")
    #expect(context[.count] == -1)
    #expect(context[.page] == 1)
    #expect(context[.source] == "push")
  }

  /// A value is read by the type it was stored with: a key of a supertype or a protocol reads
  /// the default, as for any other type.
  @Test("a value is read with the type it was stored with")
  func readByStoredType() {
    let error: TypedKey<any Error & Sendable> = TypedKey("problem", default: CancellationError())
    let context = RoutingContext.with(error, Sample.broken)
    #expect(context[error] is Sample)
    let concrete: TypedKey<Sample> = TypedKey("problem", default: .fine)
    #expect(context[concrete] == .fine)
    #expect(RoutingContext.with(concrete, .broken)[concrete] == .broken)
  }

  @Test("a context made per call reaches the handler and the unmatched handler")
  func perCall() throws {
    let router = Router<String>()
    try router.register("/item/<int:id>") { match in
      "\(try match.value("id", as: Int.self)) \(match.context[.source]) \(match.context[.count])"
    }
    router.unmatchedHandler = { request in "none \(request.context[.source])" }
    for index in 0..<50 {
      let context = RoutingContext.with(.source, "s\(index)").with(.count, index)
      #expect(router.route("/item/\(index)", context: context) == "\(index) s\(index) \(index)")
      #expect(router.route("/nothing", context: context) == "none s\(index)")
    }
    #expect(router.route("/item/1") == "1 link -1")
  }
}

private enum Sample: Error, Sendable, Equatable {
  case fine, broken
}
