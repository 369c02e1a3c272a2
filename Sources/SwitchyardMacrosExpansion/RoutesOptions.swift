import SwiftDiagnostics
import SwiftSyntax
import Switchyard

/// The options a `@Routes(accepting: […], plusAsSpace: true, …)` attribute declares, read from
/// its literals: the same `RouteOptions` at compile time (the table the lint reads) and at run
/// time (the table the enum matches and builds with).
struct DeclaredOptions {
  /// The options, as the core reads them.
  var options = RouteOptions()
  /// The `RouteOptions(…)` arguments that make `options` in the generated code; empty for the
  /// default options.
  var arguments: [String] = []

  /// The expression that makes the options in the generated table (`nil`: the default ones).
  var expression: String? {
    arguments.isEmpty ? nil : "RouteOptions(\(arguments.joined(separator: ", ")))"
  }
}

/// Reads the arguments of `@Routes`, diagnosing what is not a literal (the table is linted at
/// compile time with these options, so they must be known then).
struct RoutesOptionsReader {
  var diagnostics: [Diagnostic] = []

  /// The options `attribute` declares, or `nil` when an argument cannot be read (diagnosed).
  mutating func read(_ attribute: AttributeSyntax) -> DeclaredOptions? {
    var declared = DeclaredOptions()
    guard case .argumentList(let arguments) = attribute.arguments else { return declared }
    var origins: [String] = []
    var failed = false
    for argument in arguments {
      let expression = argument.expression
      switch argument.label?.text {
      case "accepting":
        guard let array = expression.as(ArrayExprSyntax.self) else {
          diagnose(expression, "the origins of @Routes must be an array of string literals")
          failed = true
          continue
        }
        for element in array.elements {
          guard let literal = element.expression.as(StringLiteralExprSyntax.self),
            case .text(let text) = PatternLiteral(literal)
          else {
            diagnose(
              element.expression,
              "an origin of @Routes must be a string literal without interpolation or escapes")
            failed = true
            continue
          }
          do {
            declared.options.acceptedOrigins.append(try LinkOrigin(text))
            origins.append(text)
          } catch {
            diagnose(literal, error.message)
            failed = true
          }
        }
      case "plusAsSpace", "caseInsensitivePaths":
        guard let literal = expression.as(BooleanLiteralExprSyntax.self) else {
          diagnose(expression, "'\(argument.label?.text ?? "")' of @Routes must be true or false")
          failed = true
          continue
        }
        let value = literal.literal.tokenKind == .keyword(.true)
        if argument.label?.text == "plusAsSpace" {
          declared.options.plusAsSpace = value
        } else {
          declared.options.caseInsensitivePaths = value
        }
        declared.arguments.append("\(argument.label?.text ?? ""): \(value)")
      case "defaultScheme":
        if expression.is(NilLiteralExprSyntax.self) { continue }
        guard let literal = expression.as(StringLiteralExprSyntax.self),
          case .text(let text) = PatternLiteral(literal)
        else {
          diagnose(expression, "the default scheme of @Routes must be a string literal or nil")
          failed = true
          continue
        }
        declared.options.defaultScheme = text
        declared.arguments.append("defaultScheme: \(swiftLiteral(text))")
      case "hostAsPath":
        guard let (policy, source) = Self.hostAsPath(expression) else {
          diagnose(
            expression,
            "'hostAsPath' of @Routes must be .customSchemes, .always, .never or .schemes([\"…\"]) with string literals"
          )
          failed = true
          continue
        }
        declared.options.hostAsPath = policy
        declared.arguments.insert("hostAsPath: \(source)", at: 0)
      default:
        diagnose(
          argument,
          "@Routes takes 'accepting:', 'hostAsPath:', 'caseInsensitivePaths:', 'plusAsSpace:' and 'defaultScheme:'"
        )
        failed = true
      }
    }
    if !origins.isEmpty {
      let list = origins.map { "try LinkOrigin(\(swiftLiteral($0)))" }.joined(separator: ", ")
      declared.arguments.append("acceptedOrigins: [\(list)]")
    }
    return failed ? nil : declared
  }

  /// `.customSchemes`, `.always`, `.never` or `.schemes(["…"])`, and its source.
  private static func hostAsPath(_ expression: ExprSyntax) -> (HostAsPathPolicy, String)? {
    if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
      switch member.declName.baseName.text {
      case "customSchemes": return (.customSchemes, ".customSchemes")
      case "always": return (.always, ".always")
      case "never": return (.never, ".never")
      default: return nil
      }
    }
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
      member.declName.baseName.text == "schemes", call.arguments.count == 1,
      let array = call.arguments.first?.expression.as(ArrayExprSyntax.self)
    else { return nil }
    var schemes: [String] = []
    for element in array.elements {
      guard let literal = element.expression.as(StringLiteralExprSyntax.self),
        case .text(let text) = PatternLiteral(literal)
      else { return nil }
      schemes.append(text)
    }
    return (
      .schemes(schemes), ".schemes([\(schemes.map(swiftLiteral).joined(separator: ", "))])"
    )
  }

  private mutating func diagnose(_ node: some SyntaxProtocol, _ message: String) {
    diagnostics.append(
      Diagnostic(node: Syntax(node), message: RoutesMessage.error(message, id: "options")))
  }
}

/// What a string literal written for the macros holds: its text, or why it cannot be read at
/// compile time column by column.
enum PatternLiteral {
  case text(String)
  /// The literal interpolates a value (`"\(x)"`).
  case interpolation
  /// The literal holds an escape sequence (`\\`, `\u{7F}`), as written.
  case escape(String)

  init(_ literal: StringLiteralExprSyntax) {
    var text = ""
    for segment in literal.segments {
      guard let piece = segment.as(StringSegmentSyntax.self) else {
        self = .interpolation
        return
      }
      let content = piece.content.text
      if literal.openingPounds == nil, let backslash = content.firstIndex(of: "\\") {
        self = .escape(Self.escape(in: content[backslash...]))
        return
      }
      text += content
    }
    self = .text(text)
  }

  /// The escape sequence `rest` starts with: `\` and its character, or `\u{…}` whole.
  private static func escape(in rest: Substring) -> String {
    let afterSlash = rest.dropFirst()
    guard let first = afterSlash.first else { return "\\" }
    if first == "u", afterSlash.dropFirst().first == "{",
      let close = afterSlash.firstIndex(of: "}")
    {
      return "\\" + afterSlash[...close]
    }
    return "\\" + String(first)
  }

  /// Why a literal that is not plain text cannot be a pattern, for the message of `what`
  /// ("the pattern of @Route").
  func problem(_ what: String) -> String? {
    switch self {
    case .text: return nil
    case .interpolation:
      return
        "\(what) must be a string literal without interpolation: the macro reads it at compile time"
    case .escape(let sequence):
      return
        "\(what) contains the escape sequence '\(sequence)': the macro reads a pattern as written, column by column, so write it without escapes (a raw string #\"…\"# for a backslash, a percent escape such as %7F for a character a URL cannot hold as it is)"
    }
  }
}

/// `text` as a Swift string literal.
func swiftLiteral(_ text: String) -> String {
  var result = "\""
  for character in text.unicodeScalars {
    switch character {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default:
      if character.value < 0x20 || character.value == 0x7F {
        result += "\\u{\(String(character.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(character)
      }
    }
  }
  return result + "\""
}
