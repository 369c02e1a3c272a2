import SwitchyardTestSupport
import Testing

@testable import Switchyard

/// Contexts and metadata with thousands of values: every operation costs the same per value
/// as with a few, and nothing recurses once per value (the work runs on a thread with the
/// small stack of a secondary thread, where a recursion per value overflows).
@Suite("Contexts and metadata at size")
struct ContextAndMetadataAtSizeTests {
  static let count = 10_000

  static func key(_ index: Int) -> TypedKey<Int> { TypedKey("key \(index)", default: -1) }

  @Test("a context of 10,000 values: set, set again, read, copied and dropped")
  func largeContext() {
    let wrong = onSmallStack { () -> [String] in
      var wrong: [String] = []
      var context = RoutingContext()
      for index in 0..<Self.count { context[Self.key(index)] = index }
      let before = context
      // Set again, newest first and then oldest first: each replaces its value.
      for index in (0..<Self.count).reversed() { context[Self.key(index)] = index + 1 }
      for index in 0..<Self.count { context[Self.key(index)] = index * 2 }
      for index in 0..<Self.count {
        if context[Self.key(index)] != index * 2 { wrong.append("value \(index)") }
        if before[Self.key(index)] != index { wrong.append("copy \(index)") }
      }
      if context[TypedKey("key 5", default: "none")] != "none" { wrong.append("type") }
      if context[Self.key(Self.count)] != -1 { wrong.append("default") }
      // A copy set after it was made does not change the context it was copied from.
      var copy = context
      copy[Self.key(7)] = -7
      if context[Self.key(7)] != 14 || copy[Self.key(7)] != -7 { wrong.append("shared") }
      return wrong
    }
    #expect(wrong.isEmpty)
  }

  @Test("a context past the chain's length keeps one value per name, the newest")
  func chainToTable() {
    var context = RoutingContext()
    for round in 0..<3 {
      for index in 0..<(ContextEntry.chainLimit + 2) { context[Self.key(index)] = index + round }
    }
    #expect(context.last == nil)
    #expect(context.table?.count == ContextEntry.chainLimit + 2)
    for index in 0..<(ContextEntry.chainLimit + 2) {
      #expect(context[Self.key(index)] == index + 2)
    }
    // Up to the limit the chain keeps one entry per name, made again without recursion.
    var small = RoutingContext()
    for index in 0..<ContextEntry.chainLimit { small[Self.key(index)] = index }
    small[Self.key(0)] = 100
    var names = 0
    var entry = small.last
    while let current = entry {
      names += 1
      entry = current.previous
    }
    #expect(names == ContextEntry.chainLimit)
    #expect(small.table == nil)
    #expect(small[Self.key(0)] == 100 && small[Self.key(1)] == 1)
  }

  @Test("metadata of 100,000 values: set, set again, read back and compared")
  func largeMetadata() {
    let size = 100_000
    var metadata = RouteMetadata()
    for index in 0..<size { metadata[name: "key \(index)"] = index }
    for index in stride(from: 0, to: size, by: 3) { metadata[name: "key \(index)"] = -index }
    var wrong = 0
    for index in 0..<size {
      let expected = index % 3 == 0 ? -index : index
      if metadata[name: "key \(index)"] as? Int != expected { wrong += 1 }
    }
    #expect(wrong == 0)
    #expect(metadata.names.count == size)
    var other = RouteMetadata()
    for index in (0..<size).reversed() {
      other[name: "key \(index)"] = index % 3 == 0 ? -index : index
    }
    #expect(metadata == other)
    other[name: "key 99999"] = 0
    #expect(metadata != other)
    // Removing a value keeps the others findable by name.
    other[name: "key 99999"] = nil
    #expect(other[name: "key 99998"] as? Int == 99_998)
    #expect(other[name: "key 99999"] == nil)
    #expect(other.names.count == size - 1)
  }
}
