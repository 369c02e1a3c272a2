import Testing

@testable import Switchyard

/// What a table shares between its routes to keep them small (`Pattern/LiteralPool.swift`),
/// and the hash table behind the sharing (`Matcher/IntegerTable.swift`).
@Suite("Sharing inside a table")
struct TableSharingTests {
  /// The address of an array's first element (arrays that share a buffer have the same one).
  func address<T>(_ array: [T]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  @Test("Routes with the same capture names share one list, in the table and in its matcher")
  func captureNamesShared() throws {
    var table = RouteTable()
    try table.add("user", "/user/:id")
    try table.add("post", "/post/:id")
    try table.add("both", "/a/:id/:slug")
    let routes = table.routes
    #expect(routes[0].pattern.captureNames == ["id"])
    #expect(address(routes[0].pattern.captureNames) == address(routes[1].pattern.captureNames))
    #expect(address(routes[0].pattern.captureNames) != address(routes[2].pattern.captureNames))
    let kept = RouteMatcher(table).routes
    #expect(address(kept[1].pattern.captureNames) == address(routes[0].pattern.captureNames))
    #expect(kept.map(\.pattern) == routes.map(\.pattern))
  }

  @Test("Patterns read alone share nothing")
  func standalonePatterns() throws {
    let first = try RoutePattern("/user/:id")
    let second = try RoutePattern("/post/:id")
    #expect(first.captureNames == second.captureNames)
    #expect(address(first.captureNames) != address(second.captureNames))
  }

  @Test("Hashes whose 32-bit tags collide are told apart by the key check")
  func integerTableTagCollisions() {
    var table = IntegerTable()
    // `hash` and `hash ^ (x << 32 | x)` fold to the same tag: every pair collides.
    var hashes: [UInt64] = []
    for index in 0..<2_000 {
      let hash = UInt64(index) &* 0x9E37_79B9_7F4A_7C15
      let x = UInt64(index % 7 + 1)
      hashes.append(hash)
      hashes.append(hash ^ (x << 32 | x))
    }
    for (id, hash) in hashes.enumerated() {
      #expect(table.find(hash, where: { $0 == Int32(id) }) == nil)
      table.insert(hash, Int32(id))
    }
    for (id, hash) in hashes.enumerated() {
      #expect(table.find(hash, where: { $0 == Int32(id) }) == Int32(id))
    }
    #expect(table.find(0x1234_5678_9ABC_DEF0, where: { _ in false }) == nil)
  }
}
