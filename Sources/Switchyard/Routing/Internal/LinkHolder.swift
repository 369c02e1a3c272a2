/// The links a router holds until it can handle them, and the queue that delivers them.
///
/// One lock guards everything; user code (handlers, event consumers, waiting tasks) is only
/// ever called or resumed outside it. Links that can be delivered go into one FIFO queue that
/// a single task drains, so they are delivered in the order they were dispatched (or, for held
/// links, released). That task exists only while the queue is not empty, and a held link's
/// timeout task only while the link is held: an idle router has no tasks and no continuations.
///
/// `@unchecked Sendable`: the state is only touched under the lock.
final class LinkHolder<Output: Sendable>: @unchecked Sendable {
  /// One held or queued link.
  struct Entry {
    let link: LinkBox<Output>
    /// The route the link waits for (`nil`: no route matched; delivered as unmatched).
    var routeName: String?
    var match: RouteMatch?
    let withStack: Bool
    var timeoutTask: Task<Void, Never>?
  }

  struct State {
    var timer = LinkTimer(ContinuousClock())
    var policy = HoldPolicy()
    var routePolicies: [String: HoldPolicy] = [:]
    var routerGates: Set<Gate> = []
    var routeGates: [String: Set<Gate>] = [:]
    var openGates: Set<Gate> = []
    var nextSequence: UInt64 = 0
    /// Waiting links, in arrival order.
    var held: [Entry] = []
    /// Links ready to be delivered, in order; `queueHead` is the next one.
    var queue: [Entry] = []
    var queueHead = 0
    var draining = false
    /// When each URL was last dispatched, for coalescing.
    var lastDispatched: [String: Duration] = [:]
    var subscribers: [Int: AsyncStream<LinkEvent<Output>>.Continuation] = [:]
    var nextSubscriber = 0

    func policy(for routeName: String?) -> HoldPolicy {
      routeName.flatMap { routePolicies[$0] } ?? policy
    }

    func gatesOpen(for routeName: String?) -> Bool {
      guard routerGates.isSubset(of: openGates) else { return false }
      guard let routeName, let gates = routeGates[routeName] else { return true }
      return gates.isSubset(of: openGates)
    }
  }

  /// What to do once the lock is released.
  enum Effect {
    case event(LinkEvent<Output>)
    case finish(LinkBox<Output>, LinkResult<Output>)
    case cancelTimer(Task<Void, Never>)
    case startTimer(LinkBox<Output>, deadline: Duration)
    case drain
  }

  let state = Locked(State())

  // MARK: Dispatching

  /// Dispatches `url`: queues it for delivery when its route can take it now (or when no
  /// route matches: the unmatched path runs at once), else holds it.
  func dispatch(
    _ url: String, withStack: Bool, best: RouteMatch?, hasHandler: Bool,
    deliver: @escaping @Sendable (LinkHolder, Entry) async -> Void
  ) -> LinkBox<Output> {
    var effects: [Effect] = []
    let link = state.withLock { state in
      state.nextSequence += 1
      let link = LinkBox<Output>(id: LinkID(sequence: state.nextSequence), url: url)
      let routeName = best?.route.name
      let policy = state.policy(for: routeName)
      let now = state.timer.now()
      if let window = policy.coalescingWindow, let last = state.lastDispatched[url],
        now - last < window
      {
        effects.append(.finish(link, LinkResult(link.id, url, .coalesced, match: best)))
        return link
      }
      Self.remember(url, at: now, in: &state)
      var entry = Entry(link: link, routeName: routeName, match: best, withStack: withStack)
      let waitsForRoute = routeName.map { name in state.held.contains { $0.routeName == name } }
      if best == nil || (hasHandler && state.gatesOpen(for: routeName) && waitsForRoute != true) {
        Self.enqueue(entry, in: &state, effects: &effects)
        return link
      }
      Self.hold(&entry, policy: policy, now: now, in: &state, effects: &effects)
      return link
    }
    perform(effects, deliver: deliver)
    return link
  }

  /// Holds `entry`, applying the policy's repeat rule and capacities.
  private static func hold(
    _ entry: inout Entry, policy: HoldPolicy, now: Duration, in state: inout State,
    effects: inout [Effect]
  ) {
    let sameRoute = { (other: Entry) in other.routeName == entry.routeName }
    switch policy.repeats.storage {
    case .keepAll: break
    case .keepFirst:
      if state.held.contains(where: sameRoute) {
        effects.append(.finish(entry.link, result(entry, .dropped)))
        return
      }
    case .keepLatest:
      drop(where: sameRoute, in: &state, effects: &effects)
    }
    state.held.append(entry)
    effects.append(event(.held, entry))
    if let timeout = policy.timeout {
      effects.append(.startTimer(entry.link, deadline: now + timeout))
    }
    // A route's own policy caps that route's links; the router's caps all of them.
    if let name = entry.routeName, let capacity = state.routePolicies[name]?.capacity {
      dropOldest(beyond: capacity, where: sameRoute, in: &state, effects: &effects)
    }
    if let capacity = state.policy.capacity {
      dropOldest(beyond: capacity, where: { _ in true }, in: &state, effects: &effects)
    }
  }

  private static func dropOldest(
    beyond capacity: Int, where belongs: (Entry) -> Bool, in state: inout State,
    effects: inout [Effect]
  ) {
    var excess = state.held.count(where: belongs) - max(capacity, 0)
    guard excess > 0 else { return }
    drop(where: { entry in
      guard excess > 0, belongs(entry) else { return false }
      excess -= 1
      return true
    }, in: &state, effects: &effects)
  }

  private static func enqueue(_ entry: Entry, in state: inout State, effects: inout [Effect]) {
    state.queue.append(entry)
    if !state.draining {
      state.draining = true
      effects.append(.drain)
    }
  }

  /// Keeps the last dispatch time of `url`, forgetting URLs older than every window.
  private static func remember(_ url: String, at now: Duration, in state: inout State) {
    state.lastDispatched[url] = now
    guard state.lastDispatched.count > 256 else { return }
    let windows = state.routePolicies.values.compactMap(\.coalescingWindow)
    let longest = (windows + [state.policy.coalescingWindow].compactMap { $0 }).max() ?? .zero
    state.lastDispatched = state.lastDispatched.filter { now - $0.value < longest }
  }

  // MARK: Releasing, cancelling, timing out

  /// Moves every held link whose route can now take it to the delivery queue, in arrival
  /// order. `check` tells, for a URL, its best match and whether that route has a handler.
  func release(
    check: (String) -> (best: RouteMatch?, hasHandler: Bool),
    deliver: @escaping @Sendable (LinkHolder, Entry) async -> Void
  ) {
    var effects: [Effect] = []
    state.withLock { state in
      var kept: [Entry] = []
      for var entry in state.held {
        let (best, hasHandler) = check(entry.link.url)
        entry.match = best
        entry.routeName = best?.route.name
        guard best == nil || (hasHandler && state.gatesOpen(for: entry.routeName)) else {
          kept.append(entry)
          continue
        }
        if let task = entry.timeoutTask { effects.append(.cancelTimer(task)) }
        entry.timeoutTask = nil
        effects.append(Self.event(.released, entry))
        Self.enqueue(entry, in: &state, effects: &effects)
      }
      state.held = kept
    }
    perform(effects, deliver: deliver)
  }

  /// Cancels the links `which` selects that no handler has started on.
  func cancel(where which: (LinkID) -> Bool) {
    var effects: [Effect] = []
    state.withLock { state in
      Self.drop(where: { which($0.link.id) }, in: &state, effects: &effects, as: .cancelled)
      var queued: [Entry] = []
      for entry in state.queue[state.queueHead...] {
        if which(entry.link.id) {
          effects.append(.finish(entry.link, Self.result(entry, .cancelled)))
        } else {
          queued.append(entry)
        }
      }
      state.queue = queued
      state.queueHead = 0
    }
    perform(effects, deliver: { _, _ in })
  }

  /// Ends the held links `shouldDrop` selects with `outcome`.
  private static func drop(
    where shouldDrop: (Entry) -> Bool, in state: inout State, effects: inout [Effect],
    as outcome: LinkOutcome = .dropped
  ) {
    var kept: [Entry] = []
    for entry in state.held {
      if shouldDrop(entry) {
        if let task = entry.timeoutTask { effects.append(.cancelTimer(task)) }
        effects.append(.finish(entry.link, result(entry, outcome)))
      } else {
        kept.append(entry)
      }
    }
    state.held = kept
  }

  /// Ends `link` as timed out if it is still held.
  func timeOut(_ link: LinkBox<Output>) {
    var effects: [Effect] = []
    state.withLock { state in
      guard let index = state.held.firstIndex(where: { $0.link === link }) else { return }
      let entry = state.held.remove(at: index)
      effects.append(.finish(link, Self.result(entry, .timedOut)))
    }
    perform(effects, deliver: { _, _ in })
  }

  // MARK: Delivering

  /// The next queued link, or `nil` (and the drain ends) when the queue is empty.
  func nextQueued() -> Entry? {
    state.withLock { state in
      guard state.queueHead < state.queue.count else {
        state.queue = []
        state.queueHead = 0
        state.draining = false
        return nil
      }
      let entry = state.queue[state.queueHead]
      state.queueHead += 1
      if state.queueHead > 64, state.queueHead * 2 > state.queue.count {
        state.queue.removeFirst(state.queueHead)
        state.queueHead = 0
      }
      return entry
    }
  }

  /// Ends a delivered link.
  func finish(_ link: LinkBox<Output>, _ result: LinkResult<Output>) {
    perform([.finish(link, result)], deliver: { _, _ in })
  }

  // MARK: Events

  func subscribe() -> AsyncStream<LinkEvent<Output>> {
    let (stream, continuation) = AsyncStream<LinkEvent<Output>>.makeStream()
    let key = state.withLock { state in
      state.nextSubscriber += 1
      state.subscribers[state.nextSubscriber] = continuation
      return state.nextSubscriber
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.subscribers.removeValue(forKey: key) }
    }
    return stream
  }

  // MARK: Effects

  private func perform(
    _ effects: [Effect], deliver: @escaping @Sendable (LinkHolder, Entry) async -> Void
  ) {
    guard !effects.isEmpty else { return }
    var events: [LinkEvent<Output>] = []
    for effect in effects {
      switch effect {
      case .event(let event): events.append(event)
      case .finish(let link, let result):
        if link.finish(result) {
          events.append(
            LinkEvent(
              kind: .finished, id: link.id, url: link.url, routeName: result.match?.route.name,
              result: result))
        }
      case .cancelTimer(let task): task.cancel()
      case .startTimer(let link, let deadline): startTimer(link, deadline: deadline)
      case .drain:
        Task { [self] in
          while let entry = nextQueued() { await deliver(self, entry) }
        }
      }
    }
    guard !events.isEmpty else { return }
    let subscribers = state.withLock { Array($0.subscribers.values) }
    for event in events {
      for subscriber in subscribers { subscriber.yield(event) }
    }
  }

  private func startTimer(_ link: LinkBox<Output>, deadline: Duration) {
    let timer = state.withLock { $0.timer }
    let task = Task { [weak self] in
      do { try await timer.sleep(deadline) } catch { return }
      self?.timeOut(link)
    }
    let stillHeld = state.withLock { state in
      guard let index = state.held.firstIndex(where: { $0.link === link }) else { return false }
      state.held[index].timeoutTask = task
      return true
    }
    if !stillHeld { task.cancel() }
  }

  private static func event(_ kind: LinkEventKind, _ entry: Entry) -> Effect {
    .event(
      LinkEvent(
        kind: kind, id: entry.link.id, url: entry.link.url, routeName: entry.routeName,
        result: nil))
  }

  static func result(_ entry: Entry, _ outcome: LinkOutcome) -> LinkResult<Output> {
    LinkResult(entry.link.id, entry.link.url, outcome, match: entry.match)
  }
}

/// One dispatched link's result, set once, and the tasks waiting for it.
final class LinkBox<Output: Sendable>: @unchecked Sendable {
  let id: LinkID
  let url: String
  private struct State {
    var result: LinkResult<Output>?
    var waiters: [CheckedContinuation<LinkResult<Output>, Never>] = []
  }
  private let state = Locked(State())

  init(id: LinkID, url: String) {
    self.id = id
    self.url = url
  }

  /// Sets the result and resumes the waiters; `false` when it was already set.
  func finish(_ result: LinkResult<Output>) -> Bool {
    let waiters: [CheckedContinuation<LinkResult<Output>, Never>]? = state.withLock { state in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiters = [] }
      return state.waiters
    }
    guard let waiters else { return false }
    for waiter in waiters { waiter.resume(returning: result) }
    return true
  }

  /// Resumes `waiter` with the result, now or when it is set.
  func wait(_ waiter: CheckedContinuation<LinkResult<Output>, Never>) {
    let result: LinkResult<Output>? = state.withLock { state in
      if let result = state.result { return result }
      state.waiters.append(waiter)
      return nil
    }
    if let result { waiter.resume(returning: result) }
  }

  /// The result, if the link has ended.
  var result: LinkResult<Output>? { state.withLock { $0.result } }

  /// How many tasks wait for the result (for tests: nothing is left behind).
  var waiterCount: Int { state.withLock { $0.waiters.count } }
}

/// Where a router keeps its ``LinkHolder``: made on first use, since a router whose output is
/// not `Sendable` has none.
final class LinkHolderSlot: Sendable {
  private let holder = Locked<(any AnyObject & Sendable)?>(nil)

  func get<Output: Sendable>(_: Output.Type) -> LinkHolder<Output> {
    holder.withLock { holder in
      if let existing = holder as? LinkHolder<Output> { return existing }
      let made = LinkHolder<Output>()
      holder = made
      return made
    }
  }
}
