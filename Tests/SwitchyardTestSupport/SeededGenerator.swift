/// The tests' one source of random input: SplitMix64, a small seedable generator whose
/// sequence is the same on every platform and every run, so a generated case that fails can be
/// run again from its seed.
///
/// ```swift
/// var random = SeededGenerator(seed: 42)
/// let segment = random.pick(["a", "b", ":id"])
/// let length = random.below(8)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (by remainder, so the sequence stays simple to reproduce).
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// True `percent` times in a hundred.
  public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// One of `items`, which must not be empty.
  public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
