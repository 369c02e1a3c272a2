import Foundation
import Testing

/// The command-line examples of the README and the output comments of the snippets are run
/// and compared with what they show, so that an example a user copies never drifts.
@Suite("Documentation examples: the README's commands and the snippets print what they show")
struct DocumentationExampleTests {
  /// One `$ switchyard …` line of a README code block and the lines shown after it.
  struct CommandExample: CustomStringConvertible {
    var line: Int
    var arguments: [String]
    var expected: String
    var description: String { "README.md:\(line): switchyard \(arguments.joined(separator: " "))" }
  }

  /// Reads the code blocks of `text` whose lines start with `$ `: each such line is a command,
  /// the lines after it up to the next command or the end of the block its output.
  static func commandExamples(in text: String) -> (examples: [CommandExample], others: [String]) {
    var examples: [CommandExample] = []
    var others: [String] = []
    var inBlock = false
    var current: CommandExample?
    var output: [String] = []
    func close() {
      if var example = current {
        example.expected = output.joined(separator: "\n")
        examples.append(example)
      }
      current = nil
      output = []
    }
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if line.hasPrefix("```") {
        close()
        inBlock.toggle()
        continue
      }
      guard inBlock else { continue }
      if line.hasPrefix("$ ") {
        close()
        let words = shellWords(String(line.dropFirst(2)))
        let command: [String]? =
          if words.first == "switchyard" {
            Array(words.dropFirst())
          } else if words.starts(with: ["swift", "run", "switchyard"]) {
            Array(words.dropFirst(3))
          } else {
            nil
          }
        if let command {
          current = CommandExample(line: index + 1, arguments: command, expected: "")
        } else {
          others.append("README.md:\(index + 1): \(line)")
        }
      } else if current != nil {
        output.append(String(line))
      }
    }
    close()
    return (examples, others)
  }

  /// Splits a command line as a POSIX shell would for plain words, '…' and "…" (no
  /// expansions: an example that needs them cannot be checked).
  static func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          word.append(character)
        }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == "\\" {
        escaped = true
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  static let readme: String = (try? CommandRunner.repositoryFile("README.md")) ?? ""

  @Test("The README shows commands, and only ones this test can run")
  func readmeHasCheckableExamples() {
    let (examples, others) = Self.commandExamples(in: Self.readme)
    #expect(examples.count >= 3, "the README's command-line examples were not found")
    #expect(others.isEmpty, "commands shown with `$ ` that are not switchyard: \(others)")
  }

  @Test(
    "Each README command prints what the README shows (stderr, then stdout)",
    arguments: commandExamples(in: readme).examples)
  func readmeCommand(example: CommandExample) throws {
    let result = try CommandRunner.run(example.arguments, in: CommandRunner.packageRoot)
    let printed = (result.stderr + result.stdout)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let expected = example.expected.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    // A block may end with blank lines the command does not print, and the other way round.
    func trimmed(_ lines: [String]) -> [String] {
      Array(lines.reversed().drop { $0.isEmpty }.reversed())
    }
    #expect(trimmed(printed) == trimmed(expected), "\(example)")
  }

  // MARK: Snippets

  /// The snippets: `Snippets/NAME.swift`, built as the executable `NAME` next to `switchyard`.
  static let snippetNames: [String] =
    ((try? FileManager.default.contentsOfDirectory(
      atPath: CommandRunner.packageRoot.appendingPathComponent("Snippets").path)) ?? [])
    .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }.sorted()

  /// The lines a snippet says it prints: each `// prints: TEXT` comment, in order, whether it
  /// ends the line of the `print` or stands on a line of its own.
  static func expectedOutput(ofSnippet source: String) -> [String] {
    source.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
      guard let range = line.range(of: "// prints: ") else { return nil }
      return String(line[range.upperBound...])
    }
  }

  @Test("Every snippet says what it prints", arguments: snippetNames)
  func snippetShowsOutput(name: String) throws {
    let source = try CommandRunner.repositoryFile("Snippets/\(name).swift")
    #expect(!Self.expectedOutput(ofSnippet: source).isEmpty, "Snippets/\(name).swift")
  }

  @Test("Each snippet prints what its comments say", arguments: snippetNames)
  func snippetPrints(name: String) throws {
    let source = try CommandRunner.repositoryFile("Snippets/\(name).swift")
    let executable = try CommandRunner.binary().deletingLastPathComponent()
      .appendingPathComponent(name)
    // A snippet's top-level values live until it exits, and LeakSanitizer reports some of
    // them (host patterns kept in an enum payload it does not read as a pointer): under the
    // AddressSanitizer step the snippet runs without the exit-time leak check, which the
    // test suite's own process keeps.
    let result = try CommandRunner.run([], executable: executable, leakCheckAtExit: false)
    #expect(
      result.status == 0, "Snippets/\(name).swift exited with \(result.status): \(result.stderr)")
    let printed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(
      Array(printed.reversed().drop { $0.isEmpty }.reversed())
        == Self.expectedOutput(ofSnippet: source), "Snippets/\(name).swift")
  }

  /// A Swift code block of a Markdown file: where it starts, the marker on the line before it
  /// (`<!-- snippet: NAME -->` or `<!-- fragment: REASON -->`, blank lines between allowed)
  /// and its lines, without the indentation of its opening fence (a block in a list item).
  struct SwiftBlock {
    enum Marker: Equatable {
      case snippet(String)
      case fragment(String)
    }
    var line: Int
    var marker: Marker?
    var lines: [String]
    /// The first line after the block that is not blank.
    var following: String = ""
  }

  /// The Swift blocks of `text`, each with the marker written just before it.
  static func swiftBlocks(in text: String) -> [SwiftBlock] {
    var blocks: [SwiftBlock] = []
    var marker: SwiftBlock.Marker?
    var current: SwiftBlock?
    var awaitingFollowing = false
    var indentation = 0
    for (index, fullLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = fullLine.drop { $0 == " " }
      if var block = current {
        if line.hasPrefix("```") {
          blocks.append(block)
          current = nil
          awaitingFollowing = true
        } else {
          let indent = min(indentation, fullLine.prefix { $0 == " " }.count)
          block.lines.append(String(fullLine.dropFirst(indent)))
          current = block
        }
        continue
      }
      if awaitingFollowing && !line.isEmpty {
        blocks[blocks.count - 1].following = String(line)
        awaitingFollowing = false
      }
      if line == "```swift" {
        current = SwiftBlock(line: index + 1, marker: marker, lines: [])
        indentation = fullLine.count - line.count
        marker = nil
      } else if line.hasPrefix("<!-- snippet: "), line.hasSuffix(" -->") {
        marker = .snippet(String(line.dropFirst(14).dropLast(4)))
      } else if line.hasPrefix("<!-- fragment: "), line.hasSuffix(" -->") {
        marker = .fragment(String(line.dropFirst(15).dropLast(4)))
      } else if !line.isEmpty {
        marker = nil
      }
    }
    return blocks
  }

  /// What is wrong with the Swift blocks of the Markdown file `file` (a repository path), one
  /// `FILE:LINE: what` line each: a block is part of the snippet its marker names, verbatim,
  /// or is marked a fragment with a reason; `manifestsAllowed` lets an unmarked package
  /// manifest pass, and `namesWholeProgram` asks that the line after a snippet's block name
  /// the snippet's file (the README's).
  static func swiftBlockProblems(
    in file: String, manifestsAllowed: Bool = false, namesWholeProgram: Bool = false
  ) throws
    -> [String]
  {
    var problems: [String] = []
    for block in swiftBlocks(in: try CommandRunner.repositoryFile(file)) {
      switch block.marker {
      case nil:
        if manifestsAllowed && block.lines.contains(where: { $0.contains(".package(") }) {
          continue
        }
        problems.append(
          "\(file):\(block.line): a Swift block marked neither `<!-- snippet: NAME -->` nor `<!-- fragment: REASON -->`"
        )
      case .fragment(let reason):
        if reason.trimmingCharacters(in: .whitespaces).isEmpty {
          problems.append("\(file):\(block.line): a fragment marker without its reason")
        }
      case .snippet(let name):
        guard let text = try? CommandRunner.repositoryFile("Snippets/\(name).swift") else {
          problems.append("\(file):\(block.line): Snippets/\(name).swift does not exist")
          continue
        }
        let source = text.split(separator: "\n", omittingEmptySubsequences: false)
          .map(String.init)
        let found = source.indices.contains { start in
          source[start...].starts(with: block.lines)
        }
        if !found {
          problems.append(
            "\(file):\(block.line): the block is not a part of Snippets/\(name).swift")
        }
        if namesWholeProgram && !block.following.contains("Snippets/\(name).swift") {
          problems.append(
            "\(file):\(block.line): the line after the block does not say that the whole program is Snippets/\(name).swift"
          )
        }
      }
    }
    return problems
  }

  @Test("The README's Swift examples are compiled: each is part of a snippet")
  func readmeSwiftIsCompiled() throws {
    #expect(
      Self.swiftBlocks(in: Self.readme).count >= 3, "the README's Swift blocks were not found")
    let problems = try Self.swiftBlockProblems(
      in: "README.md", manifestsAllowed: true, namesWholeProgram: true)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("A Swift block in a list item is read, its marker too, without the item's indentation")
  func indentedSwiftBlock() {
    let text = """
      * An item:

        <!-- snippet: Example -->
        ```swift
        if ready {
          go()
        }
        ```
        Then more text.
      * Another:
        ```swift
        stop()
        ```
      """
    let blocks = Self.swiftBlocks(in: text)
    #expect(blocks.count == 2)
    #expect(blocks.first?.marker == .snippet("Example"))
    #expect(blocks.first?.lines == ["if ready {", "  go()", "}"])
    #expect(blocks.first?.following == "Then more text.")
    #expect(blocks.last?.marker == nil)
    #expect(blocks.last?.lines == ["stop()"])
  }

  // MARK: Articles

  /// Every article of every documentation catalog: `Sources/MODULE/MODULE.docc/NAME.md`.
  static let articles: [String] = {
    let root = CommandRunner.packageRoot
    let manager = FileManager.default
    let modules =
      (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)) ?? []
    var articles: [String] = []
    for module in modules {
      let sources = "Sources/\(module)"
      let catalogs =
        ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(sources).path)) ?? [])
        .filter { $0.hasSuffix(".docc") }
      for catalog in catalogs {
        let directory = "\(sources)/\(catalog)"
        let files =
          (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path))
          ?? []
        articles += files.filter { $0.hasSuffix(".md") }.map { "\(directory)/\($0)" }
      }
    }
    return articles.sorted()
  }()

  @Test("The documentation catalogs' articles were found")
  func articlesFound() {
    #expect(Self.articles.count >= 20, "\(Self.articles)")
  }

  @Test(
    "Each article's Swift is compiled: every block is part of a snippet or a marked fragment",
    arguments: articles)
  func articleSwiftIsCompiled(article: String) throws {
    let problems = try Self.swiftBlockProblems(in: article)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// The snippets whose blocks `text` shows but whose file (`Snippets/NAME.swift`) it never
  /// names: a reader copying such a block meets names declared only in the snippet and is not
  /// told where they are.
  static func unnamedSnippets(in text: String) -> [String] {
    var names: [String] = []
    for block in swiftBlocks(in: text) {
      guard case .snippet(let name) = block.marker, !names.contains(name) else { continue }
      names.append(name)
    }
    return names.filter { !text.contains("Snippets/\($0).swift") }
  }

  @Test("An article that shows a snippet's blocks names the snippet's file", arguments: articles)
  func articleNamesItsSnippets(article: String) throws {
    let unnamed = Self.unnamedSnippets(in: try CommandRunner.repositoryFile(article))
    #expect(
      unnamed.isEmpty,
      "\(article) shows blocks of \(unnamed.map { "Snippets/\($0).swift" }) without naming the file"
    )
  }

  @Test("A snippet's blocks without the snippet's file named are found")
  func unnamedSnippetFound() {
    let block = "<!-- snippet: Example -->\n```swift\nlet a = Screen.home\n```\n"
    #expect(Self.unnamedSnippets(in: block + "Then more text.") == ["Example"])
    #expect(
      Self.unnamedSnippets(in: block + "The whole program: `Snippets/Example.swift`.").isEmpty)
    #expect(Self.unnamedSnippets(in: "<!-- fragment: a shape -->\n```swift\nx()\n```").isEmpty)
  }
}
