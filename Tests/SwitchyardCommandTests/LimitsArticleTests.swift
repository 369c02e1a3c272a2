import Switchyard
import Testing

/// The *Limits* article states the engine's limits as figures (they are not public constants);
/// this test holds the figures to the constants the engine uses.
@Suite("The Limits article states the engine's limits")
struct LimitsArticleTests {
  @Test("The article's figures for optional-group variants and registered types are the engine's")
  func figures() throws {
    let article = try CommandRunner.repositoryFile("Sources/Switchyard/Switchyard.docc/Limits.md")
    #expect(
      article.contains("at most \(RoutePattern.maximumVariants) alternatives after expansion"))
    #expect(article.contains("| \(RouteTable.maximumParameterTypes) (the type codes of one byte"))
    let syntax = try CommandRunner.repositoryFile(
      "Sources/Switchyard/Switchyard.docc/PatternSyntax.md")
    #expect(syntax.contains("at most \(RoutePattern.maximumVariants) alternatives per pattern"))
  }
}
