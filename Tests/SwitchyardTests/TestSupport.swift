import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// The name `makeTable` gives a pattern: the pattern itself (`(empty)` for the empty one).
func routeName(_ pattern: String) -> String { pattern.isEmpty ? "(empty)" : pattern }

/// A table whose route names are their patterns, in the order given.
func makeTable(
  _ patterns: [String], options: RouteOptions = RouteOptions(), types: [ParameterType] = [],
  priorities: [String: Int] = [:]
) throws -> RouteTable {
  var table = RouteTable(options: options)
  for type in types { try table.register(type) }
  for pattern in patterns {
    try table.add(routeName(pattern), pattern, priority: priorities[pattern] ?? 0)
  }
  return table
}

/// A matcher whose route names are their patterns, in the order given.
func makeMatcher(
  _ patterns: [String], options: RouteOptions = RouteOptions(), types: [ParameterType] = [],
  priorities: [String: Int] = [:]
) throws -> RouteMatcher {
  RouteMatcher(try makeTable(patterns, options: options, types: types, priorities: priorities))
}

/// Expects the engine and the reference model to agree on `url` (winner, captures, and the
/// order of the candidates), so every hand-written case also checks the judge.
func expectReferenceAgrees(
  _ table: RouteTable, _ matcher: RouteMatcher, _ url: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let engine = Verdict(engine: matcher, url)
  let reference = Verdict(reference: ReferenceMatcher(table: table), url)
  #expect(engine == reference, "reference model on \(url)", sourceLocation: sourceLocation)
}

/// The pattern of the route that wins `url`, or `nil`.
func winner(
  _ patterns: [String], _ url: String, options: RouteOptions = RouteOptions(),
  types: [ParameterType] = [], priorities: [String: Int] = [:],
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> String? {
  let table = try makeTable(patterns, options: options, types: types, priorities: priorities)
  let matcher = RouteMatcher(table)
  expectReferenceAgrees(table, matcher, url, sourceLocation: sourceLocation)
  return matcher.match(url)?.route.name
}

/// The captures of `match` as text (`ParameterValue.description`).
func captures(_ match: RouteMatch?) -> [String: String] {
  var result: [String: String] = [:]
  for (name, value) in match?.parameters ?? [] { result[name] = value.description }
  return result
}

/// Every ordering of `items` (Heap's algorithm); meant for a handful of items.
func permutations<T>(_ items: [T]) -> [[T]] {
  var result: [[T]] = []
  var array = items
  func generate(_ count: Int) {
    if count <= 1 {
      result.append(array)
      return
    }
    for index in 0..<count {
      generate(count - 1)
      array.swapAt(count.isMultiple(of: 2) ? index : 0, count - 1)
    }
  }
  generate(array.count)
  return result
}

/// Every ordering of up to five items; for more, 48 seeded shuffles plus the reverse.
func orderings<T>(_ items: [T]) -> [[T]] {
  if items.count <= 5 { return permutations(items) }
  var generator = SeededGenerator(seed: 42)
  return [items, items.reversed()] + (0..<48).map { _ in items.shuffled(using: &generator) }
}

/// The winner of `url` for every registration order of `patterns`; all must agree.
func winnerInEveryOrder(
  _ patterns: [String], _ url: String, options: RouteOptions = RouteOptions(),
  types: [ParameterType] = [], priorities: [String: Int] = [:],
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> String? {
  var winners: Set<String?> = []
  var first: String?? = nil
  for order in orderings(patterns) {
    let found = try winner(
      order, url, options: options, types: types, priorities: priorities,
      sourceLocation: sourceLocation)
    winners.insert(found)
    if first == nil { first = .some(found) }
  }
  #expect(
    winners.count == 1, "winner depends on registration order: \(winners)",
    sourceLocation: sourceLocation)
  return first ?? nil
}

/// A registered type that accepts even integers.
let evenType = ParameterType("even") { text in
  guard let value = Int(text) else { return false }
  return value.isMultiple(of: 2)
}

/// A registered type that accepts lowercase ASCII words.
let wordType = ParameterType("word") { text in
  !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
}

/// A registered type that accepts ASCII digits.
let digitsType = ParameterType("digits") { text in
  !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
}

/// A registered type that accepts anything.
let anyType = ParameterType("anything") { _ in true }

/// The candidates of `url`, best first, which must not depend on registration order.
func rankingInEveryOrder(
  _ patterns: [String], _ url: String, options: RouteOptions = RouteOptions(),
  types: [ParameterType] = [], priorities: [String: Int] = [:],
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> [String] {
  var rankings: Set<[String]> = []
  for order in orderings(patterns) {
    let table = try makeTable(order, options: options, types: types, priorities: priorities)
    let matcher = RouteMatcher(table)
    expectReferenceAgrees(table, matcher, url, sourceLocation: sourceLocation)
    let candidates = matcher.candidates(for: url).map(\.route.name)
    #expect(
      candidates.first == matcher.match(url)?.route.name, "candidates(for:) starts with match(_:)",
      sourceLocation: sourceLocation)
    rankings.insert(candidates)
  }
  #expect(
    rankings.count == 1, "ranking depends on registration order: \(rankings)",
    sourceLocation: sourceLocation)
  return rankings.first ?? []
}
