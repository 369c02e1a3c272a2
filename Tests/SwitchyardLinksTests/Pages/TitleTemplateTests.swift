import SwitchyardLinks
import Testing

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
}
