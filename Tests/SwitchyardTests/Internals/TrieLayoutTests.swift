import Testing

@testable import Switchyard

/// The compiled trie's layout that the search relies on: each literal edge carries an exact
/// copy of its child's node, a node's other children lie next to each other after `otherStart`,
/// and the mixed nodes are listed in ascending order for their binary search.
@Suite("Trie layout")
struct TrieLayoutTests {
  static let patterns = [
    "/a/x-<id>.json", "/a/b/<p>/v<int:q>", "/a/b/c", "/c/pre-<n>-suf", "/<x>/img-<y>.png",
    "/<x>/<y>/<z>", "/<x>/*rest", "/a/<path:all>", "/d/e/f/g/h/i/j", "/d/<k>/f", "/d/<int:k>",
    "/m/n1", "/m/n2", "/m/n3", "/m/n4", "/m/n5", "/m/n6", "/m/a-very-long-segment-name/<t>",
  ]

  @Test("Literal edges copy their child's node; other children are contiguous with their parent")
  func layoutInvariants() throws {
    let storage = try makeMatcher(Self.patterns).storage
    let nodes = storage.nodes
    #expect(MemoryLayout<MatcherStorage.LiteralEdge>.stride == 64)
    #expect(Int(bitPattern: storage.literalEdges.baseAddress) % 64 == 0)
    var literalChildren = 0
    for (index, node) in nodes.enumerated() {
      if node.hashed {
        #expect(node.literalCount.nonzeroBitCount == 1)
      }
      for slot in Int(node.literalStart)..<Int(node.literalStart + node.literalCount) {
        let edge = storage.literalEdges[slot]
        guard edge.keyCount >= 0 else { continue }
        literalChildren += 1
        let child = nodes[Int(edge.child)]
        #expect(storage.parents[Int(edge.child)] == Int32(index))
        #expect(child.kind == .literal)
        #expect(edge.node.kind == child.kind && edge.node.type == child.type)
        #expect(edge.node.hasStar == child.hasStar && edge.node.hashed == child.hashed)
        #expect(edge.node.literalStart == child.literalStart)
        #expect(edge.node.literalCount == child.literalCount)
        #expect(edge.node.otherStart == child.otherStart)
        #expect(edge.node.otherCount == child.otherCount)
        #expect(edge.node.entryStart == child.entryStart)
        #expect(edge.node.entryCount == child.entryCount)
        #expect(edge.node.rankLow == child.rankLow)
      }
      for other in Int(node.otherStart)..<Int(node.otherStart + node.otherCount) {
        #expect(storage.parents[other] == Int32(index))
        #expect(nodes[other].kind != .literal && nodes[other].kind != .root)
      }
      if node.hasStar {
        #expect(nodes[Int(node.otherStart + node.otherCount) - 1].kind == .star)
      }
    }
    #expect(literalChildren > 10)
    #expect(storage.mixedNodes == storage.mixedNodes.sorted())
    for mixed in storage.mixedNodes { #expect(nodes[Int(mixed)].kind == .mixed) }
  }

  @Test("Lookups through the copied nodes and the contiguous children")
  func lookups() throws {
    let matcher = try makeMatcher(Self.patterns)
    let cases: [(String, String?, [String: String])] = [
      ("/a/x-7.json", "/a/x-<id>.json", ["id": "7"]),
      ("/a/b/q/v12", "/a/b/<p>/v<int:q>", ["p": "q", "q": "12"]),
      ("/a/b/c", "/a/b/c", [:]),
      ("/c/pre-9-suf", "/c/pre-<n>-suf", ["n": "9"]),
      ("/z/img-3.png", "/<x>/img-<y>.png", ["x": "z", "y": "3"]),
      ("/d/e/f/g/h/i/j", "/d/e/f/g/h/i/j", [:]),
      ("/d/e/f", "/d/<k>/f", ["k": "e"]),
      ("/d/5", "/d/<int:k>", ["k": "5"]),
      ("/m/n4", "/m/n4", [:]),
      ("/m/a-very-long-segment-name/u", "/m/a-very-long-segment-name/<t>", ["t": "u"]),
      (
        "/m/a-very-long-segment-namf/u", "/<x>/<y>/<z>",
        ["x": "m", "y": "a-very-long-segment-namf", "z": "u"]
      ),
      ("/a/q", "/a/<path:all>", ["all": "q"]),
    ]
    for (url, pattern, captures) in cases {
      let match = matcher.match(url)
      #expect(match?.route.pattern.description == pattern, "\(url)")
      for (name, value) in captures {
        #expect(match?.parameter(name)?.description == value, "\(url) \(name)")
      }
    }
  }
}
