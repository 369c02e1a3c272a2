// The machinery behind `HeldLinks`: holding, releasing, the delivery queue, timeouts and
// cancelling. Routers call `dispatch` and `handlerAttached`; everything else is internal.

extension HeldLinks {
  /// Routes one link to its end (handlers run here), as the router that dispatched it does.
  typealias Deliver = @Sendable (Entry) async -> Delivery

  /// How a delivery went.
  enum Delivery: Sendable {
    /// The link ended.
    case ended(LinkResult<Output>)
    /// The link's best route, or for a link delivered with its back stack one of its parents'
    /// routes (`routes`, by name), has no handler now (it was detached after the link was
    /// queued or released, or only declared): the link is held again. `attachments` is
    /// ``State/attachments`` as read before the router looked the routes up.
    case waitsForHandler(RouteMatch, routes: Set<String>, attachments: UInt64)
  }

  /// One held or queued link.
  struct Entry: Sendable {
    let link: LinkBox<Output>
    /// The URL it is routed by: the box's, or for a link that was looked up
    /// (``dispatch(resolving:policy:withStack:context:reader:lookUp:then:)``), the URL it was
    /// given.
    let url: String
    /// The route the link is for (`nil`: no route matched; delivered as unmatched).
    var routeName: String?
    var match: RouteMatch?
    /// The gates the route needs (its metadata's ``TypedKey/gates``).
    var gates: Set<Gate>
    /// The routes, by name, declared without a handler that is not attached yet: its own, and
    /// for a link delivered with its back stack, its parents' (<doc:BackStacks>).
    var waitingFor: Set<String>
    var waitsForHandler: Bool { !waitingFor.isEmpty }
    /// Held again after its route lost its handler: when released it goes back to its place
    /// among the queued links of its route, not behind them.
    var heldAgain = false
    let withStack: Bool
    let context: RoutingContext
    let deliver: Deliver
    /// The policy the link is held under.
    let policy: PolicySource
    var timeoutTask: Task<Void, Never>? = nil
    /// Set while the link waits for its URL (a link service's answer): it is held, with no
    /// route, until then.
    var lookingUp: LookingUp? = nil

    /// What its router reads to deliver it.
    var parcel: Parcel {
      Parcel(id: link.id, url: url, match: match, withStack: withStack, context: context)
    }
  }

  /// A held link that waits for its URL: when it was dispatched (its timeout counts from
  /// then, the look-up included) and the task that looks it up, cancelled when the link ends
  /// first.
  struct LookingUp: Sendable {
    let since: Duration
    var task: Task<Void, Never>? = nil
  }

  /// A link as its router delivers it: what routing it reads, and what its result names.
  struct Parcel: Sendable {
    let id: LinkID
    let url: String
    /// The best match when it was dispatched (or held again).
    let match: RouteMatch?
    let withStack: Bool
    let context: RoutingContext
  }

  /// The held links in arrival order, with how many each route has: every dispatch asks whether
  /// its route holds links, and scanning them all each time would make a burst quadratic.
  struct HeldEntries: RandomAccessCollection, ExpressibleByArrayLiteral {
    private var entries: [Entry]
    private var countByRoute: [String?: Int] = [:]

    init(_ entries: [Entry] = []) {
      self.entries = entries
      for entry in entries { countByRoute[entry.routeName, default: 0] += 1 }
    }

    init(arrayLiteral elements: Entry...) { self.init(elements) }

    var startIndex: Int { entries.startIndex }
    var endIndex: Int { entries.endIndex }

    subscript(index: Int) -> Entry {
      get { entries[index] }
      set {
        forget(entries[index])
        entries[index] = newValue
        tally(newValue)
      }
    }

    /// Whether a link for the route named `routeName` is held.
    func holds(_ routeName: String?) -> Bool { !entries.isEmpty && countByRoute[routeName] != nil }

    mutating func append(_ entry: Entry) {
      entries.append(entry)
      tally(entry)
    }

    mutating func insert(_ entry: Entry, at index: Int) {
      entries.insert(entry, at: index)
      tally(entry)
    }

    mutating func remove(at index: Int) -> Entry {
      let entry = entries.remove(at: index)
      forget(entry)
      return entry
    }

    private mutating func tally(_ entry: Entry) { countByRoute[entry.routeName, default: 0] += 1 }

    private mutating func forget(_ entry: Entry) {
      let left = (countByRoute[entry.routeName] ?? 1) - 1
      countByRoute[entry.routeName] = left > 0 ? left : nil
    }
  }

  /// Which policy a link is held under: the most specific one there is.
  enum PolicySource: Sendable {
    /// The one given to `dispatch`.
    case link(HoldPolicy)
    /// Its route's (``TypedKey/holdPolicy``).
    case route(HoldPolicy)
    /// The router's, read when it applies (it may change while the link waits).
    case router
  }

  /// When a URL was last dispatched, and the longest coalescing window that dispatch knew of
  /// (its own policy's, its route's): a repeat may be coalesced within it.
  struct Dispatched {
    let time: Duration
    let window: Duration
  }

  struct State {
    var timer = LinkTimer(ContinuousClock())
    var policy = HoldPolicy()
    var requiredGates: Set<Gate> = []
    var openGates: Set<Gate> = []
    var nextSequence: UInt64 = 0
    /// How many times a handler was attached, for `dispatch` to tell that one was attached
    /// while it looked the link's route up.
    var attachments: UInt64 = 0
    /// Waiting links, in arrival order.
    var held = HeldEntries()
    /// Links ready to be delivered, in order; `queueHead` is the next one.
    var queue: [Entry] = []
    var queueHead = 0
    var draining = false
    /// The links being delivered now (by the queue, by `dispatch` before it returns, or on
    /// their own: awaited links, see ``deliverAwaited(_:inDelivery:)``). A link dispatched
    /// meanwhile is marked with them (``LinkBox/dispatchedDuring``).
    var delivering: Set<LinkID> = []
    /// When each URL was last dispatched, for coalescing.
    var lastDispatched: [String: Dispatched] = [:]
    /// How many URLs ``lastDispatched`` may hold before it forgets those no window needs.
    var rememberedLimit = 256
    var subscribers: [Int: AsyncStream<LinkEvent<Output>>.Continuation] = [:]
    var nextSubscriber = 0

    /// The policy a link from `source` is held under.
    func policy(_ source: PolicySource) -> HoldPolicy {
      switch source {
      case .link(let policy), .route(let policy): policy
      case .router: policy
      }
    }

    func canDeliver(_ entry: Entry) -> Bool {
      guard entry.lookingUp == nil else { return false }
      return canDeliver(
        routeName: entry.routeName, gates: entry.gates, waitsForHandler: entry.waitsForHandler)
    }

    /// Whether a link for the route named `routeName` (`nil`: none matched), which needs
    /// `gates`, can be delivered now, as far as gates and handlers go.
    func canDeliver(routeName: String?, gates: Set<Gate>, waitsForHandler: Bool) -> Bool {
      guard routeName != nil else { return true }
      return !waitsForHandler && requiredGates.isSubset(of: openGates)
        && gates.isSubset(of: openGates)
    }
  }

  /// What to do once the lock is released.
  enum Effect {
    case event(LinkEvent<Output>)
    case finish(LinkBox<Output>, LinkResult<Output>)
    case cancelTimer(Task<Void, Never>)
    case startTimer(LinkBox<Output>, deadline: Duration)
    case drain
    /// Deliver a released link that a delivery awaits, on a task of its own.
    case deliverAlone(Entry)
  }

  // MARK: Dispatching

  /// What a router finds for a link: its best match, whether that route waits for a handler
  /// (declared without one, or detached), how the router reads URLs, and whether the router
  /// can route the link to its end here, without suspending.
  struct Lookup {
    let match: RouteMatch?
    /// The routes, by name, that have no handler yet: the best one, and for a link delivered
    /// with its back stack, its parents' best ones.
    let waitingFor: Set<String>
    var waitsForHandler: Bool { !waitingFor.isEmpty }
    let reader: URLReader
    let deliversNow: Bool

    init(
      _ best: Candidate?, declaredParents: Set<String> = [], reader: URLReader, deliversNow: Bool
    ) {
      match = best?.match
      var waitingFor = declaredParents
      if case .declared = best?.handler, let name = best?.match.route.name {
        waitingFor.insert(name)
      }
      self.waitingFor = waitingFor
      self.reader = reader
      self.deliversNow = deliversNow
    }
  }

  /// What `dispatch` decided under the lock.
  private enum Decision {
    /// A handler was attached while the router looked the link up: look again.
    case lookAgain
    /// The link is held, queued, or ended (coalesced).
    case dispatched(LinkBox<Output>)
    /// Nothing is queued or being delivered and the link can go: its router delivers it now,
    /// before `dispatch` returns.
    case deliverNow(LinkID)
    /// No route matches and another link is being delivered: its router ends it now as
    /// unmatched (the unmatched handler runs), beside that delivery; nothing waits for it.
    case unmatchedNow(LinkID)
  }

  /// A link that waited for its URL, now dispatched with it (see
  /// ``dispatch(resolving:policy:withStack:context:reader:lookUp:then:)``): it keeps its
  /// identity, its waiters and the time it was first dispatched.
  package struct Resumed: Sendable {
    let box: LinkBox<Output>
  }

  /// Dispatches `url`: delivers it now when its route can take it, nothing is queued or being
  /// delivered, and `lookup` says the router can (`deliverNow` routes it, on the caller's
  /// thread); queues it for delivery when its route can take it (or when no route matches: the
  /// unmatched path runs at once); else holds it. `lookup` finds its best route; `deliver`
  /// makes what routes a queued link.
  ///
  /// Holding is decided under the lock that `handlerAttached` takes: when a handler was attached
  /// between the lookup and then, the link is looked up again, so no link waits for a handler
  /// its route already has.
  ///
  /// A link delivered now needs no box, no task and no continuation, which is most of what a
  /// queued link costs; while it is being delivered the queue counts as draining, so links
  /// dispatched meanwhile (by its handler, say) queue behind it and keep their order.
  ///
  /// A `resumed` link (one that waited for its URL) takes the place of its placeholder under
  /// the same lock, keeping its identity, waiters and start time; when the placeholder ended
  /// meanwhile (cancelled, timed out, dropped) nothing is dispatched.
  func dispatch(
    _ url: String, policy: HoldPolicy?, withStack: Bool, context: RoutingContext,
    resumed: Resumed? = nil,
    lookup: () -> Lookup, deliverNow: (Parcel) -> LinkResult<Output>, deliver: () -> Deliver
  ) -> DispatchedLink<Output> {
    var effects: [Effect] = []
    var attachments = state.withLock { $0.attachments }
    while true {
      let found = lookup()
      let (best, waitingFor, reader) = (found.match, found.waitingFor, found.reader)
      let waitsForHandler = !waitingFor.isEmpty
      let decision: Decision = state.withLock { state in
        if waitsForHandler, state.attachments != attachments {
          attachments = state.attachments
          return .lookAgain
        }
        let now = state.timer.now()
        // When the link's timeout counts from: now, or when a resumed link was first dispatched.
        var start = now
        let id: LinkID
        if let resumed {
          guard
            let index = state.held.firstIndex(where: { $0.link === resumed.box }),
            let lookingUp = state.held[index].lookingUp
          else { return .dispatched(resumed.box) }  // it ended while it was looked up
          let placeholder = state.held.remove(at: index)
          if let task = placeholder.timeoutTask { effects.append(.cancelTimer(task)) }
          effects.append(Self.event(.released, placeholder))
          id = resumed.box.id
          start = lookingUp.since
        } else {
          state.nextSequence += 1
          id = LinkID(sequence: state.nextSequence)
        }
        let holdPolicy = best?.route.metadata[.holdPolicy]
        let source: PolicySource =
          if let policy { .link(policy) } else if let holdPolicy { .route(holdPolicy) } else {
            .router
          }
        let applied = state.policy(source)
        if let window = applied.coalescingWindow, let last = state.lastDispatched[url],
          now - last.time < window
        {
          let link = resumed?.box ?? LinkBox<Output>(id: id, url: url, reader: reader)
          effects.append(.finish(link, LinkResult(id, url, .coalesced, match: best)))
          return .dispatched(link)
        }
        let routeWindow = holdPolicy?.coalescingWindow
        let window = applied.coalescingWindow.map { max($0, routeWindow ?? $0) } ?? routeWindow
        Self.remember(url, at: now, window: window, in: &state)
        let (routeName, gates) = (best?.route.name, best?.route.metadata[.gates] ?? [])
        let ready =
          state.canDeliver(routeName: routeName, gates: gates, waitsForHandler: waitsForHandler)
          && (routeName == nil || !state.held.holds(routeName))
        if ready, found.deliversNow, !state.draining {
          state.draining = true
          state.delivering.insert(id)
          return .deliverNow(id)
        }
        if routeName == nil, found.deliversNow, resumed == nil {
          // Unmatched while another link is delivered: it waits for nothing, so it ends now.
          return .unmatchedNow(id)
        }
        let link =
          resumed?.box
          ?? LinkBox<Output>(
            id: id, url: url, reader: reader, dispatchedDuring: state.delivering)
        let entry = Entry(
          link: link, url: url, routeName: routeName, match: best, gates: gates,
          waitingFor: waitingFor, withStack: withStack, context: context,
          deliver: deliver(), policy: source)
        if ready, routeName == nil || link.isAwaitedAlone {
          // Unmatched (on a router whose handlers may suspend), or a resumed link that a
          // delivery may await: queueing it behind that delivery could never end.
          effects.append(.deliverAlone(entry))
        } else if ready {
          // A link queued behind a delivery waits no longer than its policy's timeout.
          if let timeout = applied.timeout {
            effects.append(.startTimer(link, deadline: start + timeout))
          }
          Self.enqueue(entry, in: &state, effects: &effects)
        } else {
          Self.hold(entry, policy: applied, now: start, in: &state, effects: &effects)
        }
        return .dispatched(link)
      }
      switch decision {
      case .lookAgain: continue
      case .dispatched(let link):
        perform(effects)
        return DispatchedLink(box: link, links: self)
      case .unmatchedNow(let id):
        perform(effects)
        var result = deliverNow(
          Parcel(id: id, url: url, match: nil, withStack: withStack, context: context))
        result.reader = reader
        announce(result)
        return DispatchedLink(finished: result)
      case .deliverNow(let id):
        perform(effects)
        var result = deliverNow(
          Parcel(id: id, url: url, match: best, withStack: withStack, context: context))
        if result.match == nil { result.reader = reader }
        if let resumed {
          // Its waiters hear of it; `delivered` tells the subscribers.
          result = resumed.box.finish(result) ?? result
        }
        delivered(result)
        return DispatchedLink(finished: result)
      }
    }
  }

  /// A link delivered by `dispatch` has ended with `result`: subscribers hear of it, then the
  /// links queued meanwhile are drained, or the queue stops draining.
  private func delivered(_ result: LinkResult<Output>) {
    state.withLock { _ = $0.delivering.remove(result.id) }
    announce(result)
    let stillQueued = state.withLock { state in
      if state.queueHead < state.queue.count { return true }
      state.queue = []
      state.queueHead = 0
      state.draining = false
      return false
    }
    if stillQueued { startDraining() }
  }

  /// Tells the subscribers that a link delivered by `dispatch` has ended with `result`.
  private func announce(_ result: LinkResult<Output>) {
    let subscribers = state.withLock { state in
      state.subscribers.isEmpty ? [] : Array(state.subscribers.values)
    }
    if !subscribers.isEmpty {
      let event = LinkEvent(
        kind: .finished, id: result.id, url: result.url, routeName: result.match?.route.name,
        result: result)
      for subscriber in subscribers { subscriber.yield(event) }
    }
  }

  /// Holds `entry`, applying the policy's repeat rule (unless `repeats` is false: a link held
  /// again had it applied when it was dispatched) and the capacities; its timeout counts from
  /// `now`. Held links stay in dispatch order.
  static func hold(
    _ entry: Entry, policy: HoldPolicy, repeats: Bool = true, now: Duration,
    in state: inout State, effects: inout [Effect]
  ) {
    switch repeats ? policy.repeats : .keepAll {
    case .keepAll: break
    case .keepFirst:
      if state.held.holds(entry.routeName) {
        effects.append(.finish(entry.link, result(entry, .dropped)))
        return
      }
    case .keepLatest:
      if state.held.holds(entry.routeName) {
        drop(
          where: { $0.routeName == entry.routeName }, as: .dropped, in: &state, effects: &effects)
      }
    }
    if let last = state.held.last, last.link.id > entry.link.id {
      let index = state.held.firstIndex { $0.link.id > entry.link.id } ?? state.held.endIndex
      state.held.insert(entry, at: index)
    } else {
      state.held.append(entry)
    }
    effects.append(event(.held, entry))
    if let timeout = policy.timeout {
      effects.append(.startTimer(entry.link, deadline: now + timeout))
    }
    dropOverCapacity(in: &state, effects: &effects)
  }

  /// Drops, oldest first, the held links over the capacity of the policy each is held under.
  /// A policy counts the links held under it: the router's, those held under the router's; a
  /// route's, that route's links held under it; one given to `dispatch`, the links dispatched
  /// with an equal policy. So a link is only dropped for its own policy's capacity, and one
  /// dispatched with no cap stays however many links wait.
  private static func dropOverCapacity(in state: inout State, effects: inout [Effect]) {
    var counts: [PolicyGroup: Int] = [:]
    for entry in state.held { counts[PolicyGroup(entry), default: 0] += 1 }
    let routerCapacity = state.policy.capacity
    drop(
      where: { entry in
        let capacity: Int? =
          switch entry.policy {
          case .link(let policy), .route(let policy): policy.capacity
          case .router: routerCapacity
          }
        let group = PolicyGroup(entry)
        guard let capacity, let count = counts[group], count > max(capacity, 0) else {
          return false
        }
        counts[group] = count - 1
        return true
      }, as: .dropped, in: &state, effects: &effects)
  }

  /// The links a policy's capacity counts.
  private enum PolicyGroup: Hashable {
    case link(HoldPolicy)
    case route(String?)
    case router

    init(_ entry: Entry) {
      switch entry.policy {
      case .link(let policy): self = .link(policy)
      case .route: self = .route(entry.routeName)
      case .router: self = .router
      }
    }
  }

  /// Ends the held links `shouldDrop` selects with `outcome`.
  private static func drop(
    where shouldDrop: (Entry) -> Bool, as outcome: LinkOutcome, in state: inout State,
    effects: inout [Effect]
  ) {
    var kept: [Entry] = []
    for entry in state.held {
      if shouldDrop(entry) {
        if let task = entry.timeoutTask { effects.append(.cancelTimer(task)) }
        if let task = entry.lookingUp?.task { effects.append(.cancelTimer(task)) }
        effects.append(.finish(entry.link, result(entry, outcome)))
      } else {
        kept.append(entry)
      }
    }
    state.held = HeldEntries(kept)
  }

  private static func enqueue(_ entry: Entry, in state: inout State, effects: inout [Effect]) {
    if entry.heldAgain, entry.routeName != nil,
      let index = state.queue[state.queueHead...].firstIndex(where: {
        $0.routeName == entry.routeName && $0.link.id > entry.link.id
      })
    {
      // Held again while later links of its route stayed queued: it goes back ahead of them.
      // (Only such a link can have later links of its route queued: while one is held, new
      // links of its route are held behind it.)
      state.queue.insert(entry, at: index)
    } else {
      state.queue.append(entry)
    }
    if !state.draining {
      state.draining = true
      effects.append(.drain)
    }
  }

  /// Keeps the last dispatch time of `url` and the longest window it may be coalesced in. Past
  /// the limit, forgets the URLs whose windows (their own, and the router's as it is now) have
  /// passed; the limit then grows with what is still needed, so a burst of URLs that are all
  /// within their windows does not make every dispatch scan them all.
  private static func remember(
    _ url: String, at now: Duration, window: Duration?, in state: inout State
  ) {
    state.lastDispatched[url] = Dispatched(time: now, window: window ?? .zero)
    guard state.lastDispatched.count > state.rememberedLimit else { return }
    let routerWindow = state.policy.coalescingWindow ?? .zero
    state.lastDispatched = state.lastDispatched.filter { _, last in
      now - last.time < max(last.window, routerWindow)
    }
    state.rememberedLimit = max(256, 2 * state.lastDispatched.count)
  }

  // MARK: Releasing, cancelling, timing out

  /// How many times a handler was attached so far (see ``Delivery/waitsForHandler(_:attachments:)``).
  var attachmentCount: UInt64 { state.withLock { $0.attachments } }

  /// The route named `name` has a handler now: its held links stop waiting for one.
  func handlerAttached(to name: String) {
    state.withLock { state in
      state.attachments &+= 1
      for index in state.held.indices where state.held[index].waitingFor.contains(name) {
        state.held[index].waitingFor.remove(name)
      }
    }
    release()
  }

  /// Moves every held link that can be delivered now to the queue, in arrival order.
  func release() {
    var effects: [Effect] = []
    state.withLock { state in
      var kept: [Entry] = []
      for var entry in state.held {
        guard state.canDeliver(entry) else {
          kept.append(entry)
          continue
        }
        effects.append(Self.event(.released, entry))
        if entry.link.isAwaitedAlone {
          // A delivery may await it (it was dispatched during one, or awaited inside one):
          // queueing it behind that delivery could never end. The mark stays on the link, so
          // this holds however often it is held again and released.
          if let task = entry.timeoutTask { effects.append(.cancelTimer(task)) }
          entry.timeoutTask = nil
          effects.append(.deliverAlone(entry))
        } else {
          // Its timer keeps running while it is queued; delivery stops it.
          Self.enqueue(entry, in: &state, effects: &effects)
        }
      }
      state.held = HeldEntries(kept)
    }
    perform(effects)
  }

  /// Cancels the held and queued links `which` selects (links a handler has started on
  /// finish as they will); a link still looked up stops being looked up.
  func cancel(where which: (LinkID) -> Bool) {
    var effects: [Effect] = []
    state.withLock { state in
      Self.drop(where: { which($0.link.id) }, as: .cancelled, in: &state, effects: &effects)
      var queued: [Entry] = []
      for entry in state.queue[state.queueHead...] {
        if which(entry.link.id) {
          if let task = entry.timeoutTask { effects.append(.cancelTimer(task)) }
          effects.append(.finish(entry.link, Self.result(entry, .cancelled)))
        } else {
          queued.append(entry)
        }
      }
      state.queue = queued
      state.queueHead = 0
    }
    perform(effects)
  }

  /// Ends `link` as timed out if it is still held or queued (not yet being delivered).
  private func timeOut(_ link: LinkBox<Output>) {
    var effects: [Effect] = []
    state.withLock { state in
      if let index = state.held.firstIndex(where: { $0.link === link }) {
        let entry = state.held.remove(at: index)
        if let task = entry.lookingUp?.task { effects.append(.cancelTimer(task)) }
        effects.append(.finish(link, Self.result(entry, .timedOut)))
      } else if let index = state.queue[state.queueHead...].firstIndex(where: { $0.link === link })
      {
        effects.append(.finish(link, Self.result(state.queue.remove(at: index), .timedOut)))
      }
    }
    perform(effects)
  }

  // MARK: Delivering

  /// The next queued link, or `nil` (and the drain ends) when the queue is empty. Its timer,
  /// if it has one, is stopped: a link being delivered no longer times out.
  private func nextQueued() -> Entry? {
    let next: Entry? = state.withLock { state in
      guard state.queueHead < state.queue.count else {
        state.queue = []
        state.queueHead = 0
        state.draining = false
        return nil
      }
      let entry = state.queue[state.queueHead]
      state.queueHead += 1
      if state.queueHead >= 64, state.queueHead * 2 >= state.queue.count {
        state.queue.removeFirst(state.queueHead)
        state.queueHead = 0
      }
      return entry
    }
    next?.timeoutTask?.cancel()
    return next
  }

  /// Called when `link` is awaited inside one of this router's deliveries (`inDelivery`, known
  /// by the task), or was dispatched during a delivery that is still going on (known by the
  /// link, so also when it is awaited from a detached task or a completion-handler bridge):
  /// links are delivered one at a time, so the link could otherwise wait behind the delivery
  /// that awaits it, for ever. Then delivers it now, in the calling task, when it is queued,
  /// and marks it so that whenever it is released (now held, or held again later by a
  /// `detach`) it is delivered on a task of its own. Otherwise does nothing: the link keeps
  /// its place.
  func deliverAwaited(_ link: LinkBox<Output>, inDelivery: Bool) async {
    let queued: Entry? = state.withLock { state in
      guard inDelivery || !link.dispatchedDuring.isDisjoint(with: state.delivering) else {
        return nil
      }
      link.markAwaitedAlone()
      if let index = state.queue[state.queueHead...].firstIndex(where: { $0.link === link }) {
        return state.queue.remove(at: index)
      }
      return nil
    }
    guard let queued else { return }
    queued.timeoutTask?.cancel()
    await deliver(queued)
  }

  /// Whether the current task runs one of this router's deliveries.
  var isDeliveringInCurrentTask: Bool {
    DeliveryScope.delivering.contains(ObjectIdentifier(self))
  }

  /// Runs `body` marked as one of this router's deliveries (see ``deliverAwaited(_:)``).
  private func asDelivery(_ body: () async -> Void) async {
    await DeliveryScope.$delivering.withValue(
      DeliveryScope.delivering + [ObjectIdentifier(self)], operation: body)
  }

  /// Delivers `entry` and ends it, or holds it again when its route has lost its handler.
  private func deliver(_ entry: Entry) async {
    let id = entry.link.id
    state.withLock { _ = $0.delivering.insert(id) }
    while true {
      switch await entry.deliver(entry) {
      case .ended(let result):
        // No longer being delivered before anyone hears it ended: a link dispatched after
        // that is not marked as dispatched during it.
        state.withLock { _ = $0.delivering.remove(id) }
        perform([.finish(entry.link, result)])
        return
      case .waitsForHandler(let match, let routes, let attachments):
        if holdAgain(entry, for: match, waitingFor: routes, unlessAttachedSince: attachments) {
          state.withLock { _ = $0.delivering.remove(id) }
          return
        }
      }
    }
  }

  /// Holds `entry` again, for `match`'s route, with its timeout started afresh; `false` when a
  /// handler was attached since the router looked (the link is then delivered again).
  private func holdAgain(
    _ entry: Entry, for match: RouteMatch, waitingFor routes: Set<String>,
    unlessAttachedSince attachments: UInt64
  ) -> Bool {
    var effects: [Effect] = []
    let held = state.withLock { state in
      guard state.attachments == attachments else { return false }
      var entry = entry
      entry.routeName = match.route.name
      entry.match = match
      entry.gates = match.route.metadata[.gates]
      entry.waitingFor = routes
      entry.heldAgain = true
      Self.hold(
        entry, policy: state.policy(entry.policy), repeats: false, now: state.timer.now(),
        in: &state, effects: &effects)
      return true
    }
    perform(effects)
    return held
  }

  // MARK: Effects

  func perform(_ effects: [Effect]) {
    guard !effects.isEmpty else { return }
    var events: [LinkEvent<Output>] = []
    for effect in effects {
      switch effect {
      case .event(let event): events.append(event)
      case .finish(let link, let result):
        if let result = link.finish(result) {
          events.append(
            LinkEvent(
              kind: .finished, id: link.id, url: result.url, routeName: result.match?.route.name,
              result: result))
        }
      case .cancelTimer(let task): task.cancel()
      case .startTimer(let link, let deadline): startTimer(link, deadline: deadline)
      case .drain: startDraining()
      case .deliverAlone(let entry):
        Task { [self] in await asDelivery { await deliver(entry) } }
      }
    }
    guard !events.isEmpty else { return }
    let subscribers = state.withLock { Array($0.subscribers.values) }
    for event in events {
      for subscriber in subscribers { subscriber.yield(event) }
    }
  }

  /// Starts the task that delivers the queued links, one at a time, until the queue is empty.
  private func startDraining() {
    Task { [self] in
      await asDelivery {
        while let entry = nextQueued() { await deliver(entry) }
      }
    }
  }

  private func startTimer(_ link: LinkBox<Output>, deadline: Duration) {
    let timer = state.withLock { $0.timer }
    let task = Task { [weak self] in
      do { try await timer.sleep(deadline) } catch { return }
      self?.timeOut(link)
    }
    let waiting = state.withLock { state in
      if let index = state.held.firstIndex(where: { $0.link === link }) {
        state.held[index].timeoutTask = task
        return true
      }
      if let index = state.queue[state.queueHead...].firstIndex(where: { $0.link === link }) {
        state.queue[index].timeoutTask = task
        return true
      }
      return false
    }
    if !waiting { task.cancel() }
  }

  private static func event(_ kind: LinkEventKind, _ entry: Entry) -> Effect {
    .event(
      LinkEvent(
        kind: kind, id: entry.link.id, url: entry.url, routeName: entry.routeName,
        result: nil))
  }

  static func result(_ entry: Entry, _ outcome: LinkOutcome) -> LinkResult<Output> {
    LinkResult(entry.link.id, entry.url, outcome, match: entry.match)
  }
}

/// The held-links stores whose deliveries the current task runs: a handler that awaits a link of
/// its own router is then known to be inside one of that router's deliveries.
enum DeliveryScope {
  @TaskLocal static var delivering: [ObjectIdentifier] = []
}

/// One dispatched link's result, set once, and the tasks waiting for it.
final class LinkBox<Output: Sendable>: Sendable {
  let id: LinkID
  let url: String
  /// Reads the URL's parameters for a result that has no match.
  let reader: URLReader
  /// The links of its router being delivered when it was dispatched: awaited from anywhere
  /// while one of them is still being delivered, it is delivered at once rather than behind
  /// that delivery (whose handler may be the one awaiting it, from a task that carries no
  /// mark of its own, such as a `Task.detached`).
  let dispatchedDuring: Set<LinkID>
  private struct State {
    var result: LinkResult<Output>?
    var waiters: [CheckedContinuation<LinkResult<Output>, Never>] = []
    var awaitedAlone = false
  }
  private let state = Locked(State())

  init(id: LinkID, url: String, reader: URLReader, dispatchedDuring: Set<LinkID> = []) {
    self.id = id
    self.url = url
    self.reader = reader
    self.dispatchedDuring = dispatchedDuring
  }

  /// Whether a delivery may await the link (``HeldLinks/deliverAwaited(_:)``): once
  /// released it is delivered on a task of its own, never queued. Set for good: it outlives
  /// the first release, so a link held again by a `detach` keeps it.
  var isAwaitedAlone: Bool { state.withLock { $0.awaitedAlone } }

  func markAwaitedAlone() { state.withLock { $0.awaitedAlone = true } }

  /// Sets the result and resumes the waiters; returns the result as set (with the reader a
  /// result without a match reads its parameters with), or `nil` when one was already set.
  func finish(_ result: LinkResult<Output>) -> LinkResult<Output>? {
    var result = result
    if result.match == nil { result.reader = reader }
    let waiters: [CheckedContinuation<LinkResult<Output>, Never>]? = state.withLock { state in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiters = [] }
      return state.waiters
    }
    guard let waiters else { return nil }
    for waiter in waiters { waiter.resume(returning: result) }
    return result
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
}
