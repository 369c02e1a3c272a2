import Switchyard
import SwitchyardFiles
import SwitchyardMacros
import Testing

/// A `@Routes` enum replays the conformance vectors of its own table (`switchyard vectors`):
/// every URL the table's matcher gives to a route, the enum reads as that route's case with
/// the same values, and every URL no route matches, it reads as `nil` — except where a case's
/// value type refuses a capture the table's matcher accepted (a `RouteParameter` type of the
/// app's own), where the next route takes the URL, as *Typed Routes* says.
@Suite("@Routes enums pass their table's conformance vectors")
struct RoutesVectorsTests {
  @Test("AppLink and ShopLink: every match vector reads back as the route's case and values")
  func replay() {
    for (name, table, read) in [
      ("AppLink", AppLink.routeTable, { (url: String) -> Any? in AppLink(url: url) }),
      ("ShopLink", ShopLink.routeTable, { (url: String) -> Any? in ShopLink(url: url) }),
    ] as [(String, RouteTable, (String) -> Any?)] {
      let vectors = ConformanceVectors(table: table)
      #expect(vectors.matches.count > 20, "\(name): too few vectors to mean anything")
      var disagreements: [String] = []
      for vector in vectors.matches {
        let read = read(vector.url).map(Self.caseAndValues)
        // A route's second pattern is named "case #2": the case is the name before " #".
        var expected = vector.route.map { route in
          (
            name: String(route.split(separator: " #").first ?? ""),
            values: vector.values.map(\.value.text).sorted()
          )
        }
        // ShopLink's `tab` capture is a `Tab`, which the enum converts and the table's matcher
        // cannot see: a value that is no `Tab` lets the next route, `/tabs/*rest`, take the URL.
        if name == "ShopLink", expected?.name == "tab",
          let value = expected?.values.first, Tab(rawValue: value) == nil
        {
          expected?.name = "otherTab"
        }
        if read?.name != expected?.name || read?.values != expected?.values {
          disagreements.append(
            "\(name) \(vector.url): the table's matcher reads \(expected.map { "\($0)" } ?? "nil"), "
              + "the enum \(read.map { "\($0)" } ?? "nil")")
        }
      }
      #expect(disagreements.isEmpty, "\(disagreements.prefix(10).joined(separator: "\n"))")
    }
  }

  /// The case's name and the texts of its associated values (a `nil` optional left out), as
  /// the vectors write values: integers in decimal, doubles as Swift prints them.
  static func caseAndValues(_ link: Any) -> (name: String, values: [String]) {
    guard let child = Mirror(reflecting: link).children.first, let label = child.label else {
      return ("\(link)", [])
    }
    let payload = Mirror(reflecting: child.value)
    let parts = payload.displayStyle == .tuple ? payload.children.map(\.value) : [child.value]
    let texts = parts.compactMap { part -> String? in
      let mirror = Mirror(reflecting: part)
      if mirror.displayStyle == .optional {
        return mirror.children.first.map { "\($0.value)" }
      }
      return "\(part)"
    }
    return (label, texts.sorted())
  }
}
