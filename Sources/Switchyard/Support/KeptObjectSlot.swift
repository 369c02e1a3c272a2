/// An object made the first time it is asked for and kept, in a class instance that every
/// copy of the value holding the slot shares: a ``RouteTable`` keeps the matcher it checks
/// built URLs with in one, and gives itself a new slot whenever it changes.
///
/// The slot holds the object without naming its type, so a stage can keep a slot for what a
/// later stage makes (the table for the matcher): the stage that makes the object reads it
/// back with its type.
///
/// ```swift
/// let slot = KeptObjectSlot()
/// let first = slot.object(as: Box.self) { Box() }
/// slot.object(as: Box.self) { Box() } === first   // true: made once
/// ```
final class KeptObjectSlot: Sendable {
  private let kept = Locked<(any AnyObject & Sendable)?>(nil)

  init() {}

  /// The object kept, or the one `make` makes, kept (made outside the lock: two threads may
  /// both make one, and the first one kept is the one every caller gets).
  func object<Object: AnyObject & Sendable>(
    as type: Object.Type, making make: () -> Object
  ) -> Object {
    if let object = kept.withLock({ $0 }) as? Object { return object }
    let made = make()
    return kept.withLock { kept in
      if let object = kept as? Object { return object }
      kept = made
      return made
    }
  }
}
