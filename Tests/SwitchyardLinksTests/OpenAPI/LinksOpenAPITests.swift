import SwitchyardFiles
import SwitchyardLinks
import Testing

@Suite struct LinksOpenAPITests {
  /// Every path and method of the service, with every status it answers.
  static let operations: [(path: String, method: String, statuses: [String])] = [
    ("/v1/links", "post", ["201", "400", "401", "403", "409", "413", "422", "503"]),
    ("/l/{code}", "get", ["200", "302", "404", "410", "500", "503"]),
    ("/v1/links/{code}", "get", ["200", "404", "410", "500", "503"]),
    ("/v1/links", "get", ["200", "400", "401", "403", "500", "503"]),
    (
      "/v1/links/{code}", "patch",
      ["200", "400", "401", "403", "404", "410", "413", "422", "500", "503"]
    ),
    ("/v1/links/{code}", "delete", ["204", "401", "403", "404", "410", "500", "503"]),
    ("/.well-known/apple-app-site-association", "get", ["200"]),
    ("/.well-known/assetlinks.json", "get", ["200"]),
    ("/healthz", "get", ["200", "503"]),
    ("/v1/openapi.json", "get", ["200"]),
    ("/v1/redeem", "post", ["200", "400", "404", "410", "413", "503"]),
    ("/v1/stats", "get", ["200", "400", "401", "403", "503"]),
    ("/admin", "get", ["200", "401", "403", "503"]),
  ]

  let document: JSONValue

  init() throws {
    document = try JSONParser.parse(LinksOpenAPI.document)
  }

  @Test func isAnOpenAPI31Document() throws {
    #expect(document["openapi"]?.stringValue == "3.1.0")
    #expect(document["info"]?["title"]?.stringValue == "Switchyard Links")
    #expect(document["info"]?["version"]?.stringValue != nil)
  }

  @Test func everyPathMethodAndStatusIsThere() throws {
    let paths = try #require(document["paths"]?.objectMembers)
    #expect(paths.map(\.key).sorted() == Set(Self.operations.map(\.path)).sorted())
    for operation in Self.operations {
      let responses = try #require(
        document["paths"]?[operation.path]?[operation.method]?["responses"]?.objectMembers,
        "\(operation.method) \(operation.path)")
      #expect(
        responses.map(\.key).sorted() == operation.statuses.sorted(),
        "\(operation.method) \(operation.path)")
    }
  }

  /// Every 4xx and 5xx answer of the JSON API has the body `{"error": string, …}`.
  @Test func everyJSONErrorBodyIsTheErrorObject() throws {
    let error = try #require(document["components"]?["schemas"]?["Error"])
    #expect(error["type"]?.stringValue == "object")
    #expect(error["required"]?.arrayElements?.compactMap(\.stringValue) == ["error"])
    #expect(error["properties"]?["error"]?["type"]?.stringValue == "string")
    var checked = 0
    for operation in Self.operations where operation.path != "/l/{code}" {
      for status in operation.statuses where status.hasPrefix("4") || status.hasPrefix("5") {
        var response = try #require(
          document["paths"]?[operation.path]?[operation.method]?["responses"]?[status])
        if let reference = response["$ref"]?.stringValue {
          response = try #require(resolve(reference), "\(reference)")
        }
        let schema = try #require(
          response["content"]?["application/json"]?["schema"]?["$ref"]?.stringValue,
          "\(operation.method) \(operation.path) \(status)")
        #expect(schema == "#/components/schemas/Error")
        checked += 1
      }
    }
    #expect(checked == 44)
  }

  @Test func theShortLinksPagesAreHTMLAndTheRedirectNamesItsTarget() throws {
    let responses = try #require(document["paths"]?["/l/{code}"]?["get"]?["responses"])
    for status in ["200", "404", "410", "503"] {
      #expect(responses[status]?["content"]?["text/html"] != nil, "\(status)")
      #expect(responses[status]?["headers"]?["Vary"] != nil, "\(status)")
    }
    #expect(responses["302"]?["headers"]?["Location"] != nil)
  }

  @Test func mintingNeedsTheBearerToken() throws {
    let post = try #require(document["paths"]?["/v1/links"]?["post"])
    #expect(post["security"]?.arrayElements?.first?["bearer"] != nil)
    let scheme = try #require(document["components"]?["securitySchemes"]?["bearer"])
    #expect(scheme["type"]?.stringValue == "http")
    #expect(scheme["scheme"]?.stringValue == "bearer")
  }

  @Test func redeemAndStatsBodies() throws {
    let schemas = try #require(document["components"]?["schemas"])
    #expect(
      schemas["Redeemed"]?["required"]?.arrayElements?.compactMap(\.stringValue) == [
        "url", "route", "values",
      ])
    #expect(
      schemas["RedeemRequest"]?["required"]?.arrayElements?.compactMap(\.stringValue) == ["token"])
    let stats = try #require(document["paths"]?["/v1/stats"]?["get"])
    #expect(stats["security"]?.arrayElements?.first?["bearer"] != nil)
    #expect(stats["responses"]?["200"]?["content"]?["text/csv"] != nil)
    #expect(
      stats["parameters"]?.arrayElements?.compactMap { $0["name"]?.stringValue } == [
        "from", "to", "by", "code",
      ])
    // Each kind of count apart, in every row and in the totals.
    #expect(
      schemas["Stats"]?["properties"]?["rows"]?["items"]?["required"]?.arrayElements?
        .compactMap(\.stringValue) == ["key", "clicks", "previews", "appOpens", "installs"])
    #expect(
      schemas["Counts"]?["required"]?.arrayElements?.compactMap(\.stringValue) == [
        "clicks", "previews", "appOpens", "installs",
      ])
    #expect(document["paths"]?["/v1/redeem"]?["post"]?["security"] == nil)
  }

  @Test func theRequestAndResponseBodies() throws {
    let schemas = try #require(document["components"]?["schemas"])
    let mint = try #require(schemas["MintRequest"]?["properties"]?.objectMembers)
    #expect(
      mint.map(\.key) == [
        "url", "route", "values", "code", "title", "description", "image", "expires",
      ])
    #expect(
      schemas["MintedLink"]?["required"]?.arrayElements?.compactMap(\.stringValue) == [
        "code", "link", "url", "route", "values",
      ])
    #expect(
      schemas["Link"]?["required"]?.arrayElements?.compactMap(\.stringValue) == [
        "code", "url", "route", "values",
      ])
    #expect(schemas["Code"]?["pattern"]?.stringValue == "^[A-Za-z0-9_-]{1,64}$")
  }

  /// Every `$ref` names a component that exists.
  @Test func everyReferenceResolves() throws {
    var references: [String] = []
    collectReferences(document, into: &references)
    #expect(references.count > 20)
    for reference in references {
      #expect(resolve(reference) != nil, "\(reference)")
    }
  }

  func resolve(_ reference: String) -> JSONValue? {
    guard reference.hasPrefix("#/") else { return nil }
    var value: JSONValue? = document
    for key in reference.dropFirst(2).split(separator: "/") {
      value = value?[String(key)]
    }
    return value
  }

  func collectReferences(_ value: JSONValue, into references: inout [String]) {
    switch value.kind {
    case .object(let members):
      for member in members {
        if member.key == "$ref", let text = member.value.stringValue {
          references.append(text)
        } else {
          collectReferences(member.value, into: &references)
        }
      }
    case .array(let elements):
      for element in elements { collectReferences(element, into: &references) }
    default: break
    }
  }
}
