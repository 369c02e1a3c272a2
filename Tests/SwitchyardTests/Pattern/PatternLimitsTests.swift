import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// Reads `pattern` on a thread with a 512 KiB stack and returns its error (nil when it parsed),
/// with the number of variants it expanded to.
private func readOnSmallStack(_ pattern: String) -> (error: PatternSyntaxError?, variants: Int) {
  onSmallStack { () -> (error: PatternSyntaxError?, variants: Int) in
    do throws(PatternSyntaxError) {
      return (nil, try RoutePattern(pattern).variants.count)
    } catch {
      return (error, 0)
    }
  }
}

@Suite("Pattern size and shape limits")
struct PatternLimitsTests {
  static let nestingMessage = "optional groups are nested too deeply (more than 32 levels)"

  @Test("1,500 nested groups are refused at the 33rd level, on a 512 KiB stack")
  func deeplyNestedGroups() {
    let pattern = "/" + String(repeating: "(", count: 1500) + String(repeating: ")", count: 1500)
    let (error, _) = readOnSmallStack(pattern)
    #expect(error?.message == Self.nestingMessage)
    #expect(error?.column == 34)
  }

  @Test("30,000 unclosed '(' are refused at the 33rd, on a 512 KiB stack")
  func unclosedGroups() {
    let (error, _) = readOnSmallStack(String(repeating: "(", count: 30_000))
    #expect(error?.message == Self.nestingMessage)
    #expect(error?.column == 33)
  }

  @Test("Groups nested 32 deep are read; 33 are refused")
  func nestingLimit() {
    let deepest = "/" + String(repeating: "(a", count: 32) + String(repeating: ")", count: 32)
    let accepted = readOnSmallStack(deepest)
    #expect(accepted.error == nil)
    #expect(accepted.variants == 33)
    #expect(PatternParser.maximumNesting == 32)

    let tooDeep = "/" + String(repeating: "(a", count: 33) + String(repeating: ")", count: 33)
    let refused = readOnSmallStack(tooDeep)
    #expect(refused.error?.message == Self.nestingMessage)
    #expect(refused.error?.column == 2 + 2 * 32)
  }

  @Test("Nesting counts in the scheme and the host too")
  func nestingInEveryPart() {
    let open = String(repeating: "(", count: 33)
    let close = String(repeating: ")", count: 33)
    #expect(patternError(open + "a" + close + "://x")?.message == Self.nestingMessage)
    #expect(
      patternError("https://" + open + "a." + close + "x.com/")?.message == Self.nestingMessage)
  }

  @Test("Groups side by side stop at the alternatives limit; one large group reads")
  func wideGroups() {
    // 20,000 groups in a row would expand to 2^20,000 variants: refused once the alternatives
    // pass the limit.
    let pattern = "/" + String(repeating: "(a)", count: 20_000)
    let (error, _) = readOnSmallStack(pattern)
    #expect(error?.message == "optional groups expand to more than 256 alternatives")
    // 64 KB of literal text inside one group.
    let (bigGroup, variants) = readOnSmallStack("/(" + String(repeating: "a", count: 1 << 16) + ")")
    #expect(bigGroup == nil)
    #expect(variants == 2)
  }

  @Test("A path of 64 segments is read, compiled and matched on a 512 KiB stack")
  func longestPath() {
    let pattern = String(repeating: "/a", count: 64)
    let matched = onSmallStack { () -> String? in
      guard let matcher = try? makeMatcher([pattern, "/<path:rest>"]) else { return "refused" }
      return matcher.match(pattern)?.route.name
    }
    #expect(matched == pattern)
    #expect(PatternParser.maximumPathSegments == 64)
  }

  @Test(
    "A reading with more than 64 path segments is refused at the 65th",
    arguments: [
      (String(repeating: "/a", count: 65), 130),
      (String(repeating: "/a", count: 64) + "/(b)", 130),
      // The host of a host-as-path scheme is the first segment.
      ("myapp://h" + String(repeating: "/a", count: 64), 137),
      // A segment written inside a group counts where it is written.
      ("/(" + String(repeating: "a/", count: 65) + ")", 131),
    ])
  func tooManySegments(pattern: String, column: Int) {
    let error = patternError(pattern)
    #expect(error?.message == "a path may have at most 64 segments")
    #expect(error?.column == column)
  }

  @Test("The same segments in a web scheme's host do not count")
  func webHostIsNotASegment() {
    #expect(patternError("https://h" + String(repeating: "/a", count: 64)) == nil)
  }
}
