// The matcher a table compiles to check the URLs it builds (Table/ keeps the slot, Building/
// fills it: the table stage names no matcher).

/// Where a ``RouteTable`` keeps its compiled matcher once made. It is no part of the table's
/// value: copies share it until one of them changes, which gives that copy a new slot.
final class CompiledTableSlot: Sendable {
  private let kept = Locked<RouteMatcher?>(nil)

  init() {}

  /// The matcher of `table`, which owns this slot: the kept one, or a new one, kept.
  func matcher(for table: RouteTable) -> RouteMatcher {
    if let matcher = kept.withLock({ $0 }) { return matcher }
    // Compiled outside the lock: two threads may both compile, and the first one kept wins.
    let made = RouteMatcher(table)
    return kept.withLock { kept in
      if let matcher = kept { return matcher }
      kept = made
      return made
    }
  }
}

extension RouteTable {
  /// The matcher of the table as it is now, compiled once.
  var matcherForBuilding: RouteMatcher { compiled.matcher(for: self) }
}
