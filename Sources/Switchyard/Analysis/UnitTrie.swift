/// Every unit's path automaton in one trie, so that the units whose paths can share a URL
/// with a given unit are found by walking the trie alongside it instead of comparing every
/// pair of routes.
struct UnitTrie {
  struct Node {
    var step: AnalysisUnit.Step?
    var literalChildren: [[UInt8]: Int] = [:]
    var otherChildren: [Int] = []
    var starChildren: [Int] = []
    /// Units whose path ends here.
    var ends: [Int] = []
  }

  private(set) var nodes: [Node] = [Node(step: nil)]

  init(_ units: [AnalysisUnit]) {
    for (unitIndex, unit) in units.enumerated() {
      var node = 0
      for step in unit.steps { node = child(of: node, step) }
      nodes[node].ends.append(unitIndex)
    }
  }

  private mutating func child(of parent: Int, _ step: AnalysisUnit.Step) -> Int {
    switch step {
    case .segment(.literal(let bytes)):
      if let existing = nodes[parent].literalChildren[bytes] { return existing }
      nodes.append(Node(step: step))
      nodes[parent].literalChildren[bytes] = nodes.count - 1
    case .segment:
      if let existing = nodes[parent].otherChildren.first(where: { nodes[$0].step == step }) {
        return existing
      }
      nodes.append(Node(step: step))
      nodes[parent].otherChildren.append(nodes.count - 1)
    case .star:
      if let existing = nodes[parent].starChildren.first { return existing }
      nodes.append(Node(step: step))
      nodes[parent].starChildren.append(nodes.count - 1)
    }
    return nodes.count - 1
  }

  /// The units whose path automaton may accept a path that `unit` accepts (a superset of
  /// those that do; the witness search decides), in registration order: the walk visits
  /// dictionary entries in an order that changes from run to run, and the lint's findings and
  /// where its limits stop must not.
  func overlapping(_ unit: AnalysisUnit, _ rules: SegmentRules) -> [Int] {
    let steps = unit.steps
    let width = steps.count + 1
    var seen = Set<Int>()
    var stack: [(position: Int, node: Int)] = []
    var found: [Int] = []
    func push(_ position: Int, _ node: Int) {
      if seen.insert(node * width + position).inserted { stack.append((position, node)) }
    }
    push(0, 0)
    while let (position, node) = stack.popLast() {
      if position == steps.count { found += nodes[node].ends }
      // Moves that read nothing.
      if position < steps.count, steps[position] == .star { push(position + 1, node) }
      for star in nodes[node].starChildren { push(position, star) }
      guard position < steps.count else { continue }
      switch steps[position] {
      case .star:
        // The unit's `*` reads any segment the trie reads.
        for child in nodes[node].literalChildren.values { push(position, child) }
        for child in nodes[node].otherChildren { push(position, child) }
      case .segment(let set):
        if nodes[node].step == .star { push(position + 1, node) }
        if case .literal(let bytes) = set {
          // Literal keys are stored folded when paths are case-insensitive (AnalysisUnit).
          if let child = nodes[node].literalChildren[bytes] { push(position + 1, child) }
        } else {
          for (bytes, child) in nodes[node].literalChildren where rules.contains(set, bytes) {
            push(position + 1, child)
          }
        }
        for child in nodes[node].otherChildren {
          guard case .segment(let other) = nodes[child].step, rules.mayIntersect(set, other)
          else { continue }
          push(position + 1, child)
        }
      }
    }
    return found.sorted()
  }
}
