import Switchyard
import Testing

extension TypedKey where Value == Bool {
  fileprivate static var signIn: Self { Self("signIn", default: false) }
}

extension TypedKey where Value == String {
  fileprivate static var screen: Self { Self("screen", default: "none") }
  fileprivate static var origin: Self { Self("origin", default: "link") }
}

extension TypedKey where Value == Int {
  fileprivate static var rank: Self { Self("rank", default: 0) }
}

@Suite("Typed keys: one design for route metadata and a routing context")
struct TypedKeyTests {
  @Test("the same key reads metadata and a context, with the same operations")
  func oneKeyBothBags() {
    let metadata = RouteMetadata.with(.signIn, true).with(.screen, "orders")
    let context = RoutingContext.with(.signIn, true).with(.screen, "orders")
    #expect(metadata[.signIn] && context[.signIn])
    #expect(metadata[.screen] == "orders" && context[.screen] == "orders")
    #expect(metadata[.rank] == 0 && context[.rank] == 0)
    #expect(!metadata.isEmpty && !context.isEmpty)
    #expect(RouteMetadata().isEmpty && RoutingContext().isEmpty)
  }

  @Test("a name stored with another type reads as the key's default in both")
  func otherTypeReadsDefault() {
    var metadata = RouteMetadata()
    metadata[name: "signIn"] = "yes"
    #expect(metadata[.signIn] == false)
    let context = RoutingContext.with(TypedKey<String>("signIn", default: ""), "yes")
    #expect(context[.signIn] == false)
  }

  @Test("metadata compares and hashes by its values, whatever the order they were stored in")
  func metadataEquality() {
    let one = RouteMetadata.with(.signIn, true).with(.screen, "a").with(.rank, 3)
    let other = RouteMetadata.with(.rank, 3).with(.screen, "a").with(.signIn, true)
    #expect(one == other)
    #expect(one.hashValue == other.hashValue)
    #expect(one != other.with(.rank, 4))
    #expect(one != RouteMetadata.with(.signIn, true).with(.screen, "a"))
    #expect(one.names == ["rank", "screen", "signIn"])
    #expect(one.description == "[rank: 3, screen: a, signIn: true]")
  }

  @Test("setting a name to nil removes it; removing the last value empties the metadata")
  func removeByName() {
    var metadata = RouteMetadata.with(.signIn, true).with(.screen, "a").with(.rank, 3)
    metadata[name: "screen"] = nil
    #expect(metadata.names == ["rank", "signIn"])
    #expect(metadata[.screen] == "none")
    #expect(metadata == RouteMetadata.with(.signIn, true).with(.rank, 3))
    metadata[name: "signIn"] = nil
    metadata[name: "rank"] = nil
    #expect(metadata.isEmpty)
    #expect(metadata == RouteMetadata())
  }

  @Test("a copy of metadata or a context changes apart from the original")
  func copiesStayApart() {
    let base = RouteMetadata.with(.screen, "a")
    var changed = base
    changed[.screen] = "b"
    #expect(base[.screen] == "a" && changed[.screen] == "b")
    let context = RoutingContext.with(.origin, "push")
    let more = context.with(.origin, "widget").with(.rank, 2).with(.screen, "x")
    #expect(context[.origin] == "push")
    #expect(more[.origin] == "widget" && more[.rank] == 2 && more[.screen] == "x")
  }
}
