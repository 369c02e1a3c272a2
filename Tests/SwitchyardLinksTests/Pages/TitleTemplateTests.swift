import Switchyard
import SwitchyardFiles
import Testing

@testable import SwitchyardLinks

@Suite struct TitleTemplateTests {
  @Test func fillsPlaceholdersFromCaptures() throws {
    let template = try TitleTemplate("Post {slug}")
    #expect(template.render(["slug": "hello-world"]) == "Post hello-world")
    #expect(template.placeholders == ["slug"])
  }

  @Test func severalPlaceholdersEachNamedOnce() throws {
    let template = try TitleTemplate("{owner}/{repo} by {owner}")
    #expect(template.placeholders == ["owner", "repo"])
    #expect(template.render(["owner": "ann", "repo": "x"]) == "ann/x by ann")
  }

  @Test func doubledBracesAreLiteral() throws {
    #expect(try TitleTemplate("{{draft}} {title}").render(["title": "Notes"]) == "{draft} Notes")
    #expect(try TitleTemplate("{{}}").render([:]) == "{}")
    #expect(try TitleTemplate("{{{a}}}").render(["a": "x"]) == "{x}")
    #expect(try TitleTemplate("{{a}}").placeholders.isEmpty)
  }

  @Test func valuesAreNotReadAsTemplates() throws {
    let title = try TitleTemplate("Post {slug}").render(["slug": "{other} </title>"])
    #expect(title == "Post {other} </title>")
  }

  @Test func aMissingValueIsEmpty() throws {
    #expect(try TitleTemplate("Post {slug}!").render([:]) == "Post !")
  }

  @Test func plainTextAndEmptyTemplates() throws {
    #expect(try TitleTemplate("Our shop").render(["x": "y"]) == "Our shop")
    #expect(try TitleTemplate("").render([:]) == "")
    #expect(try TitleTemplate("Café ☕️ {n}").render(["n": "1"]) == "Café ☕️ 1")
  }

  @Test(arguments: [
    (
      "Post {slug", 6,
      "title template \"Post {slug\", column 6: the placeholder opened at column 6 is not closed"
        + " with \"}\" (write \"{{\" for a literal \"{\")"
    ),
    (
      "Post }", 6,
      "title template \"Post }\", column 6: a lone \"}\" (write \"}}\" for a literal \"}\")"
    ),
    (
      "Post {}", 6,
      "title template \"Post {}\", column 6: an empty placeholder \"{}\" (write \"{{}}\" for"
        + " literal braces)"
    ),
    (
      "{a-b}", 3,
      "title template \"{a-b}\", column 3: \"-\" cannot be part of a placeholder name (a letter"
        + " or \"_\", then letters, digits or \"_\")"
    ),
    (
      "{1st}", 2,
      "title template \"{1st}\", column 2: \"1\" cannot be part of a placeholder name (a letter"
        + " or \"_\", then letters, digits or \"_\")"
    ),
    (
      "é {a b}", 5,
      "title template \"é {a b}\", column 5: U+0020 cannot be part of a placeholder name (a"
        + " letter or \"_\", then letters, digits or \"_\")"
    ),
    (
      "{a{b}}", 3,
      "title template \"{a{b}}\", column 3: the placeholder opened at column 1 is not closed"
        + " with \"}\" (write \"{{\" for a literal \"{\")"
    ),
    (
      "x\n{", 3,
      "title template \"x\\u{A}{\", column 3: the placeholder opened at column 3 is not closed"
        + " with \"}\" (write \"{{\" for a literal \"{\")"
    ),
  ])
  func aBadTemplateSaysWhereAndWhat(text: String, column: Int, message: String) {
    #expect {
      try TitleTemplate(text)
    } throws: { error in
      guard let error = error as? TitleTemplateError else { return false }
      return error.column == column && error.template == text && "\(error)" == message
    }
  }

  /// A table of `routes` (name, pattern, metadata JSON) read from a route file.
  static func table(_ routes: [(String, String, String)]) throws -> RouteTable {
    let entries = routes.map { name, pattern, metadata in
      #"{"name": "\#(name)", "pattern": "\#(pattern)", "metadata": \#(metadata)}"#
    }
    return try RouteFile.parse(
      #"{"version": 1, "routes": [\#(entries.joined(separator: ", "))]}"#, fileName: "routes.json")
  }

  @Test func theServiceReadsPreviewTitleTemplates() throws {
    let templates = try TitleTemplate.templates(
      of: Self.table([
        ("post", "https://example.com/post/:slug", #"{"previewTitle": "Post {slug}"}"#),
        (
          "search", "https://example.com/search?q=<term>",
          #"{"previewTitle": "Results for {term}"}"#
        ),
        ("home", "myapp://home", "{}"),
      ]))
    #expect(templates["post"]?.render(["slug": "hi"]) == "Post hi")
    #expect(templates["search"]?.render(["term": "red shoes"]) == "Results for red shoes")
    #expect(templates["home"] == nil)
  }

  @Test(arguments: [
    (
      #"{"previewTitle": "Results for {term"}"#, 13, "previewTitle",
      #"route "search": title template "Results for {term", column 13: the placeholder opened at column 13 is not closed with "}" (write "{{" for a literal "{")"#
    ),
    (
      #"{"previewTitle": "{term} and {query}"}"#, 12, "previewTitle",
      #"route "search": title template "{term} and {query}", column 12: {query} is no capture of the route's pattern https://example.com/search?q=<term> (its captures are {term})"#
    ),
    (
      #"{"title": "Results for {term}"}"#, 1, "title",
      #"route "search": title template "Results for {term}", column 1: the link service reads a route's preview title from "previewTitle", not "title": rename the key"#
    ),
    (
      #"{"previewTitle": true}"#, 1, "previewTitle",
      #"route "search": title template "true", column 1: "previewTitle" must be a string, like "Post {slug}""#
    ),
  ])
  func aBadRouteTemplateIsRefusedWithItsRoute(
    metadata: String, column: Int, key: String, message: String
  ) throws {
    let table = try Self.table([
      ("post", "https://example.com/post/:slug", #"{"previewTitle": "Post {slug}"}"#),
      ("search", "https://example.com/search?q=<term>", metadata),
    ])
    #expect {
      _ = try TitleTemplate.templates(of: table)
    } throws: { error in
      guard let error = error as? TitleTemplateError else { return false }
      return error.route == "search" && error.column == column && error.metadataKey == key
        && "\(error)" == message
    }
  }

  @Test func aRouteWithoutCapturesSaysSo() throws {
    let table = try Self.table([("home", "myapp://home", #"{"previewTitle": "Home {x}"}"#)])
    #expect {
      _ = try TitleTemplate.templates(of: table)
    } throws: { error in
      "\(error)".hasSuffix("{x} is no capture of the route's pattern myapp://home (it has none)")
    }
  }

  @Test func theRouteFilePositionOfAMetadataValue() {
    let text = """
      {"version": 1, "routes": [
        {"name": "a", "pattern": "/a", "metadata": {"previewTitle": "A"}},
        {"name": "b", "pattern": "/b", "metadata": {"previewTitle": "B\\u0041"}}
      ]}
      """
    let a = RouteFile.position(ofMetadata: "previewTitle", route: "a", in: text)
    #expect(a?.line == 2 && a?.column == 63 && a?.verbatim == true)
    #expect(RouteFile.position(ofMetadata: "previewTitle", route: "b", in: text)?.verbatim == false)
    #expect(RouteFile.position(ofMetadata: "title", route: "a", in: text) == nil)
    #expect(RouteFile.position(ofMetadata: "previewTitle", route: "c", in: text) == nil)
  }
}
