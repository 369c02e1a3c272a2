import Switchyard

/// A route's preview title, written with placeholders for the route's captures: `"Post {slug}"`.
///
/// A route carries its template in its metadata, under the key `previewTitle`. A link minted
/// without a title of its own is shown with its route's template, filled from the values the
/// link's URL matched. Write `{{` and `}}` for literal braces. The result is plain text: the
/// page escapes it. The service reads every route's template when it starts and refuses to
/// start on a malformed one or one that names no capture of its route.
///
/// ```swift
/// let template = try TitleTemplate("Post {slug}")
/// template.render(["slug": "hello-world"])   // "Post hello-world"
/// try TitleTemplate("{{draft}} {title}").render(["title": "Notes"])   // "{draft} Notes"
/// ```
public struct TitleTemplate: Sendable, Hashable {
  /// The route metadata key of a route's template.
  static let metadataKey = "previewTitle"

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
  /// The 1-based column of each placeholder's first `{`, in the order of ``placeholders``.
  let placeholderColumns: [Int]

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
    var columns: [Int] = []
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
        if !names.contains(name) {
          names.append(name)
          columns.append(open + 1)
        }
        index += 1
      } else {
        literal.append(character)
        index += 1
      }
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    self.parts = parts
    self.placeholders = names
    self.placeholderColumns = columns
  }

  /// The templates of `table`'s routes (metadata `previewTitle`), by route name, checked the
  /// way the service checks them at start: each is a string, well formed, and names only
  /// captures of its route's pattern. A route's metadata `title` is refused: the key is
  /// `previewTitle`.
  ///
  /// ```swift
  /// let templates = try TitleTemplate.templates(of: table)   // ["post": …]
  /// ```
  /// - Throws: ``TitleTemplateError`` naming the route, with the column of the problem in
  ///   its template.
  package static func templates(of table: RouteTable) throws(TitleTemplateError)
    -> [String: TitleTemplate]
  {
    var templates: [String: TitleTemplate] = [:]
    for route in table.routes {
      if let old = route.metadata[name: "title"] {
        throw TitleTemplateError(
          template: old as? String ?? "\(old)", column: 1,
          message: "the link service reads a route's preview title from \"previewTitle\", "
            + "not \"title\": rename the key", route: route.name, metadataKey: "title")
      }
      guard let value = route.metadata[name: metadataKey] else { continue }
      guard let text = value as? String else {
        throw TitleTemplateError(
          template: "\(value)", column: 1,
          message: "\"previewTitle\" must be a string, like \"Post {slug}\"", route: route.name,
          metadataKey: metadataKey)
      }
      let template: TitleTemplate
      do {
        template = try TitleTemplate(text)
      } catch {
        var located = error
        located.route = route.name
        located.metadataKey = metadataKey
        throw located
      }
      let captures = route.pattern.captureNames
      for (name, column) in zip(template.placeholders, template.placeholderColumns)
      where !captures.contains(name) {
        let known =
          captures.isEmpty
          ? "it has none"
          : "its captures are " + captures.map { "{\($0)}" }.joined(separator: ", ")
        throw TitleTemplateError(
          template: text, column: column,
          message:
            "{\(name)} is no capture of the route's pattern \(route.pattern.text) (\(known))",
          route: route.name, metadataKey: metadataKey)
      }
      templates[route.name] = template
    }
    return templates
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
  /// The route whose template it is, when the service read it from a route's metadata.
  ///
  /// ```swift
  /// error.route   // "search"
  /// ```
  public var route: String?
  /// The route metadata key the template was read from (`previewTitle`, or the refused
  /// `title`): where a program that has the route file points.
  package var metadataKey: String?

  init(
    template: String, column: Int, message: String, route: String? = nil,
    metadataKey: String? = nil
  ) {
    self.template = template
    self.column = column
    self.message = message
    self.route = route
    self.metadataKey = metadataKey
  }

  /// The error's text: the template, the column and the message.
  ///
  /// ```swift
  /// "\(error)"   // "title template \"Post }\", column 6: a lone \"}\" …"
  /// ```
  public var description: String {
    let text = "title template \(quoted(template)), column \(column): \(message)"
    guard let route else { return text }
    return "route \(quoted(route)): " + text
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
