/// Every unit's path automaton in one trie, so that the units whose paths can share a URL
/// with a given unit are found by walking the trie alongside it instead of comparing every
/// pair of routes.
struct UnitTrie {
  struct Node {
    var step: AnalysisUnit.Step?
    var literalChildren: [[UInt8]: Int] = [:]
    var otherChildren: [Int] = []
    /// The other children that are not partial-segment ones (those are in `mixedChildren`).
    var wholeSegmentChildren: [Int] = []
    var starChildren: [Int] = []
    /// Units whose path ends here.
    var ends: [Int] = []
  }

  /// The partial-segment children of one node by a hash of their literal text, ASCII-folded
  /// (a lookup narrows the children to try; `SegmentRules.contains` decides).
  struct MixedChildren {
    /// The distinct pairs of prefix and suffix lengths.
    var shapes: [Shape] = []
    var byAffixes: [UInt64: [Int]] = [:]
  }

  struct Shape: Hashable {
    var prefix: Int
    var suffix: Int

    /// The hash of the first `prefix` and last `suffix` bytes of `bytes`, ASCII-folded.
    func hash(_ bytes: [UInt8]) -> UInt64 {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in bytes[..<prefix] { hash = (hash ^ UInt64(asciiLower(byte))) &* 0x100_0000_01B3 }
      hash = (hash ^ UInt64(prefix << 8 | 0xFF)) &* 0x100_0000_01B3
      for byte in bytes[(bytes.count - suffix)...] {
        hash = (hash ^ UInt64(asciiLower(byte))) &* 0x100_0000_01B3
      }
      return hash
    }
  }

  private(set) var nodes: [Node] = [Node(step: nil)]
  /// Every unit's way through the trie (see `path(of:)`), one after another in one array
  /// rather than an array per unit: a lint of 100,000 routes keeps them all.
  private var pathNodes: [Int] = []
  /// Where each unit's way starts in `pathNodes`, and (last) where the last one ends.
  private var pathStarts: [Int] = [0]
  /// For each node, the last unit (by index) whose way goes through it: the units below a
  /// node are those whose ways go through it, so a walk that only wants later units can skip
  /// a node whose last unit is not later.
  private var lastUnitBelow: [Int] = [-1]
  /// The partial-segment children of the nodes that have some, by node.
  private(set) var mixedChildren: [Int: MixedChildren] = [:]
  /// The other children while the trie is built, by parent and step: finding a child among
  /// thousands of siblings costs a lookup, not a scan.
  private var otherIDs: [OtherKey: Int] = [:]

  private struct OtherKey: Hashable {
    var parent: Int
    var step: AnalysisUnit.Step
  }

  init(_ units: [AnalysisUnit]) {
    pathStarts.reserveCapacity(units.count + 1)
    for (unitIndex, unit) in units.enumerated() {
      var node = 0
      pathNodes.append(node)
      for step in unit.steps {
        node = child(of: node, step)
        pathNodes.append(node)
      }
      nodes[node].ends.append(unitIndex)
      pathStarts.append(pathNodes.count)
    }
    lastUnitBelow = [Int](repeating: -1, count: nodes.count)
    for unitIndex in units.indices {
      for node in path(of: unitIndex) { lastUnitBelow[node] = unitIndex }
    }
    otherIDs = [:]
  }

  /// The way of the unit `index` through the trie: the root, then the node after each of its
  /// steps.
  func path(of index: Int) -> ArraySlice<Int> {
    pathNodes[pathStarts[index]..<pathStarts[index + 1]]
  }

  private mutating func child(of parent: Int, _ step: AnalysisUnit.Step) -> Int {
    switch step {
    case .segment(.literal(let bytes)):
      if let existing = nodes[parent].literalChildren[bytes] { return existing }
      nodes.append(Node(step: step))
      nodes[parent].literalChildren[bytes] = nodes.count - 1
    case .segment(let set):
      let key = OtherKey(parent: parent, step: step)
      if let existing = otherIDs[key] { return existing }
      nodes.append(Node(step: step))
      let index = nodes.count - 1
      nodes[parent].otherChildren.append(index)
      otherIDs[key] = index
      if case .mixed(let prefix, _, let suffix) = set {
        let shape = Shape(prefix: prefix.count, suffix: suffix.count)
        var children = mixedChildren.removeValue(forKey: parent) ?? MixedChildren()
        if !children.shapes.contains(shape) { children.shapes.append(shape) }
        children.byAffixes[shape.hash(prefix + suffix), default: []].append(index)
        mixedChildren[parent] = children
      } else {
        nodes[parent].wholeSegmentChildren.append(index)
      }
    case .star:
      if let existing = nodes[parent].starChildren.first { return existing }
      nodes.append(Node(step: step))
      nodes[parent].starChildren.append(nodes.count - 1)
    }
    return nodes.count - 1
  }

  /// For each node, the largest `t` such that the steps from the root to it read the first
  /// `t` of `segments` (the node's *last active* time; -1 when they read none of them).
  ///
  /// The nodes active after `t` segments are the states of every unit's path automaton at
  /// once: a unit's position `k` is active exactly when the node after its first `k` steps
  /// is (after `k + 1` steps when step `k` is a `*`, whose loop the node stands for). So one
  /// pass over the segments tells every unit where it stops (see `RouteExplainer`), in work
  /// proportional to the segments times the nodes active at once, whatever the number of
  /// units: literal and partial-segment children are looked up, not scanned.
  func lastActive(_ segments: [[UInt8]], _ rules: SegmentRules) -> [Int] {
    var last = [Int](repeating: -1, count: nodes.count)
    var active: [Int] = []
    var current: [Int] = []
    /// Makes `node` and the `*` nodes below it (which read nothing to enter) active at `time`.
    func activate(_ node: Int, at time: Int) {
      guard last[node] < time else { return }
      last[node] = time
      active.append(node)
      guard !nodes[node].starChildren.isEmpty else { return }
      var stack = nodes[node].starChildren
      while let next = stack.popLast() {
        guard last[next] < time else { continue }
        last[next] = time
        active.append(next)
        stack += nodes[next].starChildren
      }
    }
    activate(0, at: 0)
    for (offset, segment) in segments.enumerated() {
      let time = offset + 1
      swap(&current, &active)
      active.removeAll(keepingCapacity: true)
      for index in current {
        if nodes[index].step == .star { activate(index, at: time) }
        if !nodes[index].literalChildren.isEmpty {
          let key = rules.caseInsensitive ? segment.map(asciiLower) : segment
          if let child = nodes[index].literalChildren[key] { activate(child, at: time) }
        }
        for child in nodes[index].wholeSegmentChildren {
          guard case .segment(let set) = nodes[child].step, rules.contains(set, segment)
          else { continue }
          activate(child, at: time)
        }
        guard let mixed = mixedChildren[index] else { continue }
        for shape in mixed.shapes where shape.prefix + shape.suffix < segment.count {
          for child in mixed.byAffixes[shape.hash(segment)] ?? [] {
            guard case .segment(let set) = nodes[child].step, rules.contains(set, segment)
            else { continue }
            activate(child, at: time)
          }
        }
      }
      if active.isEmpty { break }
    }
    return last
  }

  /// What a walk of ``overlapping(_:_:after:walk:)`` keeps for the next one: lint walks the
  /// trie once for every unit, and a fresh set of visited states for each walk (hashed, grown
  /// step by step) cost more than the walk itself.
  struct Walk {
    /// For each node, the walk that last visited it and the positions it visited there (bit
    /// `p` for position `p`): a node visited by an earlier walk counts as not visited, so
    /// nothing is cleared between walks.
    fileprivate var visits: [(walk: UInt32, positions: UInt64)] = []
    fileprivate var walkNumber: UInt32 = 0
    /// The visited states of a unit with more positions than `positions` has bits.
    fileprivate var wide = Set<Int>()
    fileprivate var stack: [(position: Int, node: Int)] = []

    init() {}
  }

  /// The units whose path automaton may accept a path that `unit` accepts (a superset of
  /// those that do; the witness search decides), in registration order: the walk visits
  /// dictionary entries in an order that changes from run to run, and the lint's findings and
  /// where its limits stop must not.
  ///
  /// With `after`, only the units with a greater index are wanted: the walk skips the parts of
  /// the trie that hold none (the lint reports each overlapping pair from its earlier unit, so
  /// half of what a full walk finds would be thrown away). Earlier units may still be listed.
  func overlapping(
    _ unit: AnalysisUnit, _ rules: SegmentRules, after: Int = -1, walk: inout Walk
  ) -> [Int] {
    let steps = unit.steps
    let width = steps.count + 1
    let narrow = width <= UInt64.bitWidth
    if walk.visits.count < nodes.count {
      walk.visits = Array(repeating: (0, 0), count: nodes.count)
      walk.walkNumber = 0
    }
    walk.walkNumber &+= 1
    if walk.walkNumber == 0 {
      for index in walk.visits.indices { walk.visits[index] = (0, 0) }
      walk.walkNumber = 1
    }
    let number = walk.walkNumber
    walk.wide.removeAll(keepingCapacity: true)
    walk.stack.removeAll(keepingCapacity: true)
    var found: [Int] = []
    func push(_ position: Int, _ node: Int) {
      guard lastUnitBelow[node] > after else { return }
      if narrow {
        let bit: UInt64 = 1 << UInt64(position)
        if walk.visits[node].walk != number {
          walk.visits[node] = (number, bit)
        } else if walk.visits[node].positions & bit == 0 {
          walk.visits[node].positions |= bit
        } else {
          return
        }
      } else if !walk.wide.insert(node * width + position).inserted {
        return
      }
      walk.stack.append((position, node))
    }
    push(0, 0)
    while let (position, node) = walk.stack.popLast() {
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
