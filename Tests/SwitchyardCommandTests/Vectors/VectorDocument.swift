import Switchyard
import SwitchyardFiles

/// A `switchyard vectors` document as read back by the tests (with the package's own JSON
/// reader), and its replay against Switchyard's own matcher, router and builder.
struct VectorDocument {
  struct Value: Equatable, CustomStringConvertible {
    var kind: String
    var text: String
    var description: String { "\(kind):\(text)" }
  }
  struct MatchCase {
    var url: String
    var kind: String
    var route: String?
    var values: [(String, Value)]
  }
  struct BuildCase {
    var route: String
    var values: [(String, Value)]
    var host: String?
    var url: String?
    var error: String?
  }

  var version: Int
  var matches: [MatchCase] = []
  var builds: [BuildCase] = []

  init(_ text: String) throws {
    let root = try JSONParser.parse(text)
    func member(_ value: JSONValue, _ key: String) -> JSONValue? {
      value.objectMembers?.first(where: { $0.key == key })?.value
    }
    func values(_ value: JSONValue?) -> [(String, Value)] {
      (value?.objectMembers ?? []).map { item in
        let typed = item.value.objectMembers?.first
        return (item.key, Value(kind: typed?.key ?? "", text: typed?.value.stringValue ?? ""))
      }
    }
    guard case .number(let number) = member(root, "version")?.kind, let version = number.intValue
    else { throw Failure.malformed("version") }
    self.version = version
    for item in member(root, "match")?.arrayElements ?? [] {
      matches.append(
        MatchCase(
          url: member(item, "url")?.stringValue ?? "",
          kind: member(item, "kind")?.stringValue ?? "",
          route: member(item, "route")?.stringValue, values: values(member(item, "values"))))
    }
    for item in member(root, "build")?.arrayElements ?? [] {
      builds.append(
        BuildCase(
          route: member(item, "route")?.stringValue ?? "", values: values(member(item, "values")),
          host: member(item, "host")?.stringValue, url: member(item, "url")?.stringValue,
          error: member(item, "error")?.stringValue))
    }
  }

  enum Failure: Error { case malformed(String) }

  /// A value read by a match, as the document writes it.
  static func value(_ value: ParameterValue) -> Value {
    if let int = value.intValue { return Value(kind: "int", text: String(int)) }
    if let double = value.doubleValue { return Value(kind: "float", text: "\(double)") }
    return Value(kind: "string", text: value.text)
  }

  /// What `answer` (a route name and values, or `nil`) says for each match case, as
  /// disagreements (empty: all agree).
  func disagreements(
    _ answer: (String) -> (route: String, values: [(String, Value)])?
  ) -> [String] {
    var out: [String] = []
    for item in matches {
      let got = answer(item.url)
      if got?.route != item.route {
        out.append(
          "\(item.url): expected \(item.route ?? "no route"), got \(got?.route ?? "no route")")
      } else if let got,
        got.values.map({ "\($0.0)=\($0.1)" }) != item.values.map({ "\($0.0)=\($0.1)" })
      {
        out.append("\(item.url): expected values \(item.values), got \(got.values)")
      }
    }
    return out
  }

  /// The build cases whose URL (or refusal) `table` does not give, as disagreements.
  func buildDisagreements(_ table: RouteTable) -> [String] {
    var out: [String] = []
    for item in builds {
      var given: [String: any BuildValueConvertible] = [:]
      for (name, value) in item.values {
        switch value.kind {
        case "int": given[name] = Int(value.text) ?? 0
        case "float": given[name] = Double(value.text) ?? 0
        default: given[name] = value.text
        }
      }
      do {
        let url = try table.url(for: item.route, values: given, host: item.host)
        if url != item.url {
          out.append(
            "\(item.route) \(item.values): expected \(item.url ?? item.error ?? ""), got \(url)")
        }
      } catch {
        if "\(error.code)" != item.error {
          out.append(
            "\(item.route) \(item.values): expected \(item.url ?? item.error ?? ""), got \(error.code)"
          )
        }
      }
    }
    return out
  }
}
