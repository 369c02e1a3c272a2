/// A route's preview title, written with placeholders for the route's captures: `"Post {slug}"`.
///
/// A link minted without a title of its own is shown with its route's template, filled from
/// the values the link's URL matched. Write `{{` and `}}` for literal braces. The result is
/// plain text: the page escapes it.
///
/// ```swift
/// let template = try TitleTemplate("Post {slug}")
/// template.render(["slug": "hello-world"])   // "Post hello-world"
/// try TitleTemplate("{{draft}} {title}").render(["title": "Notes"])   // "{draft} Notes"
/// ```
public struct TitleTemplate: Sendable, Hashable {
  /// One piece of a template.
  enum Part: Sendable, Hashable {
    case text(String)
    case placeholder(String)
  }

  /// The pieces in order.
  let parts: [Part]

  /// The names of the template's placeholders, in the order they first appear, each once.
  /// A server checks them against the route's captures when it loads the table.
  ///
  /// ```swift
  /// try TitleTemplate("{owner}/{repo} by {owner}").placeholders   // ["owner", "repo"]
  /// ```
  public let placeholders: [String]

  /// Reads a template. A placeholder is `{name}` (a letter or `_`, then letters, digits or
  /// `_`); `{{` and `}}` stand for `{` and `}`.
  ///
  /// Throws ``TitleTemplateError`` with the column of the first problem: a `{` never closed,
  /// an empty or badly named placeholder, a lone `}`.
  ///
  /// ```swift
  /// let template = try TitleTemplate("Order {id}")
  /// _ = try TitleTemplate("Post {slug")
  /// // throws: title template "Post {slug", column 6: the placeholder opened at column 6 is
  /// // not closed with "}" (write "{{" for a literal "{")
  /// ```
  public init(_ text: String) throws(TitleTemplateError) {
    var parts: [Part] = []
    var names: [String] = []
    var literal = ""
    let characters = Array(text)
    var index = 0
    func fail(_ column: Int, _ message: String) -> TitleTemplateError {
      TitleTemplateError(template: text, column: column, message: message)
    }
    while index < characters.count {
      let character = characters[index]
      let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
      if character == "{" && next == "{" {
        literal.append("{")
        index += 2
      } else if character == "}" && next == "}" {
        literal.append("}")
        index += 2
      } else if character == "}" {
        throw fail(index + 1, "a lone \"}\" (write \"}}\" for a literal \"}\")")
      } else if character == "{" {
        let open = index
        var name = ""
        index += 1
        while index < characters.count, characters[index] != "}" {
          let part = characters[index]
          let isNameCharacter =
            part == "_" || (part.isASCII && (part.isLetter || (!name.isEmpty && part.isNumber)))
          guard isNameCharacter else {
            if part == "{" {
              throw fail(
                index + 1,
                "the placeholder opened at column \(open + 1) is not closed with \"}\""
                  + " (write \"{{\" for a literal \"{\")")
            }
            throw fail(
              index + 1,
              "\(describe(part)) cannot be part of a placeholder name"
                + " (a letter or \"_\", then letters, digits or \"_\")")
          }
          name.append(part)
          index += 1
        }
        guard index < characters.count else {
          throw fail(
            open + 1,
            "the placeholder opened at column \(open + 1) is not closed with \"}\""
              + " (write \"{{\" for a literal \"{\")")
        }
        guard !name.isEmpty else {
          throw fail(open + 1, "an empty placeholder \"{}\" (write \"{{}}\" for literal braces)")
        }
        if !literal.isEmpty {
          parts.append(.text(literal))
          literal = ""
        }
        parts.append(.placeholder(name))
        if !names.contains(name) { names.append(name) }
        index += 1
      } else {
        literal.append(character)
        index += 1
      }
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    self.parts = parts
    self.placeholders = names
  }

  /// The title with each placeholder replaced by its value; a placeholder without a value is
  /// left empty.
  ///
  /// ```swift
  /// try TitleTemplate("Post {slug}").render(["slug": "hello-world"])   // "Post hello-world"
  /// try TitleTemplate("Post {slug}").render([:])                       // "Post "
  /// ```
  public func render(_ values: [String: String]) -> String {
    var output = ""
    for part in parts {
      switch part {
      case .text(let text): output += text
      case .placeholder(let name): output += values[name] ?? ""
      }
    }
    return output
  }
}

/// How a title template is malformed, and where.
///
/// ```swift
/// do {
///   _ = try TitleTemplate("Post }")
/// } catch {
///   print(error)
///   // title template "Post }", column 6: a lone "}" (write "}}" for a literal "}")
/// }
/// ```
public struct TitleTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The template as written.
  ///
  /// ```swift
  /// error.template   // "Post }"
  /// ```
  public var template: String
  /// The 1-based column of the problem, in characters.
  ///
  /// ```swift
  /// error.column   // 6
  /// ```
  public var column: Int
  /// What is wrong, without the template or column.
  ///
  /// ```swift
  /// error.message   // "a lone \"}\" (write \"}}\" for a literal \"}\")"
  /// ```
  public var message: String

  /// The error's text: the template, the column and the message.
  ///
  /// ```swift
  /// "\(error)"   // "title template \"Post }\", column 6: a lone \"}\" …"
  /// ```
  public var description: String {
    "title template \(quoted(template)), column \(column): \(message)"
  }
}

/// `character` for a message: printable ones quoted, others as `U+XXXX`.
private func describe(_ character: Character) -> String {
  guard let scalar = character.unicodeScalars.first else { return "\"\"" }
  if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || character == " " {
    var hex = String(scalar.value, radix: 16, uppercase: true)
    while hex.count < 4 { hex = "0" + hex }
    return "U+\(hex)"
  }
  return "\"\(character)\""
}

/// `text` in double quotes, with control characters shown as `\u{…}` so a message stays on
/// one line.
private func quoted(_ text: String) -> String {
  var output = "\""
  for scalar in text.unicodeScalars {
    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
      output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else if scalar == "\"" || scalar == "\\" {
      output += "\\\(scalar)"
    } else {
      output.unicodeScalars.append(scalar)
    }
  }
  return output + "\""
}
