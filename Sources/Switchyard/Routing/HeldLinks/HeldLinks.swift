/// The links a router holds until it can handle them, and the controls over them: gates, the
/// hold policy, the clock, cancelling, and the event stream.
///
/// Every ``Router`` and ``MainActorRouter`` whose output is `Sendable` has one, as
/// `router.links`; links get here through the router's `dispatch(_:)`.
///
/// ```swift
/// let router = Router<Screen>()
/// try router.register("myapp://orders/<uuid:id>", metadata: .with(.gates, [.signedIn])) {
///   .order(try $0.value("id", as: String.self))
/// }
/// router.dispatch("myapp://orders/1F0C6D7E-…")   // held: not signed in yet
/// router.links.openGate(.signedIn)              // delivered now
/// ```
///
/// One lock guards the state; user code (handlers, event consumers, waiting tasks) is only
/// called or resumed outside it. Links that can be delivered go into one FIFO queue that a
/// single task drains, so they are delivered in the order they were dispatched (or, for held
/// links, released). That task exists only while the queue is not empty, and a held link's
/// timeout task only while the link is held: an idle router has no tasks and no continuations.
/// A link that can be delivered while the queue is empty and not draining, on a router whose
/// handlers need no suspension, skips the queue: `dispatch` delivers it before returning, with
/// the queue marked as draining meanwhile, so links dispatched in the meantime queue behind it.
public final class HeldLinks<Output: Sendable>: @unchecked Sendable {
  // `@unchecked Sendable`: the state is only read and written under the lock.
  let state = Locked(State())

  init() {}

  /// The router is gone: links still held or queued end as cancelled (their waiters resume),
  /// timeout tasks stop, and event streams finish.
  deinit {
    let (entries, subscribers) = state.withLock { state in
      let entries = state.held + state.queue[state.queueHead...]
      state.held = []
      state.queue = []
      return (entries, Array(state.subscribers.values))
    }
    for entry in entries {
      entry.timeoutTask?.cancel()
      entry.lookingUp?.task?.cancel()
      _ = entry.link.finish(Self.result(entry, .cancelled))
    }
    for subscriber in subscribers { subscriber.finish() }
  }

  /// A link that ended before it could be dispatched, with `outcome` and `error` (a short
  /// link its service could not resolve): it gets the next link identity, subscribers hear
  /// that it finished, and its result is at hand at once. For the modules of this package that
  /// look a link up before they dispatch it.
  package func finished(
    _ url: String, _ outcome: LinkOutcome, error: (any Error)?
  ) -> DispatchedLink<Output> {
    let (id, subscribers) = state.withLock { state in
      state.nextSequence += 1
      return (LinkID(sequence: state.nextSequence), Array(state.subscribers.values))
    }
    let result = LinkResult<Output>(id, url, outcome, error: error)
    let event = LinkEvent(kind: .finished, id: id, url: url, routeName: nil, result: result)
    for subscriber in subscribers { subscriber.yield(event) }
    return DispatchedLink(finished: result)
  }

  // MARK: Gates

  /// Opens `gate` and delivers, in arrival order, the held links that wait for nothing else.
  ///
  /// ```swift
  /// func didSignIn() { router.links.openGate(.signedIn) }
  /// ```
  public func openGate(_ gate: Gate) {
    state.withLock { _ = $0.openGates.insert(gate) }
    release()
  }

  /// Closes `gate`: links dispatched from now on whose route needs it are held. Links already
  /// released are still delivered.
  ///
  /// ```swift
  /// func didSignOut() { router.links.closeGate(.signedIn) }
  /// ```
  public func closeGate(_ gate: Gate) {
    state.withLock { _ = $0.openGates.remove(gate) }
  }

  /// Whether `gate` is open. Gates start closed.
  public func isOpen(_ gate: Gate) -> Bool {
    state.withLock { $0.openGates.contains(gate) }
  }

  /// Gates every link needs open, beside those of its route (``TypedKey/gates``).
  /// Default none.
  ///
  /// ```swift
  /// router.links.requiredGates = [.launched]   // hold everything until the UI exists
  /// ```
  public var requiredGates: Set<Gate> {
    get { state.withLock { $0.requiredGates } }
    set {
      state.withLock { $0.requiredGates = newValue }
      release()
    }
  }

  // MARK: Policy and time

  /// How links are held when neither `dispatch` nor their route
  /// (``TypedKey/holdPolicy``) gives a policy of its own.
  ///
  /// ```swift
  /// router.links.holdPolicy = HoldPolicy(timeout: .seconds(10), capacity: 20)
  /// ```
  public var holdPolicy: HoldPolicy {
    get { state.withLock { $0.policy } }
    set { state.withLock { $0.policy = newValue } }
  }

  /// Measures time with `clock` from now on (timeouts of links dispatched later, coalescing).
  /// The default is `ContinuousClock`; tests pass a clock they advance by hand.
  ///
  /// ```swift
  /// let clock = TestClock()                 // pointfreeco/swift-clocks
  /// router.links.use(clock)
  /// router.dispatch("myapp://people/7")     // held
  /// await clock.advance(by: .seconds(30))   // timed out
  /// ```
  public func use<C: Clock>(_ clock: C) where C.Duration == Duration {
    let timer = LinkTimer(clock)
    state.withLock { state in
      state.timer = timer
      state.lastDispatched = [:]
    }
  }

  // MARK: Inspecting and cancelling

  /// The links that wait, in arrival order. A link that waits for its link service's answer
  /// (SwitchyardFoundation's `dispatch(resolving:via:)`) is listed with the text it was given
  /// and an empty route name until the answer comes.
  public var held: [HeldLink] {
    state.withLock { state in
      state.held.map { HeldLink(id: $0.link.id, url: $0.url, routeName: $0.routeName ?? "") }
    }
  }

  /// Cancels every held or queued link (for `applicationDidEnterBackground`): each ends as
  /// ``LinkOutcome/cancelled``. Links a handler has started on finish.
  ///
  /// ```swift
  /// func sceneDidEnterBackground(_ scene: UIScene) { router.links.cancelAll() }
  /// ```
  public func cancelAll() {
    cancel { _ in true }
  }

  /// A new stream of every link event from now on: held, released, finished (with the
  /// result). Each call gives its own stream; it ends when the consuming task is cancelled.
  ///
  /// ```swift
  /// Task {
  ///   for await event in router.links.events() where event.kind == .finished {
  ///     analytics.record(event.result!.outcome, route: event.routeName)
  ///   }
  /// }
  /// ```
  public func events() -> AsyncStream<LinkEvent<Output>> {
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
}

extension TypedKey where Value == Set<Gate> {
  /// The gates a route needs open before its links are delivered (beside the router's
  /// ``HeldLinks/requiredGates``).
  ///
  /// ```swift
  /// try router.register("/account/orders", metadata: .with(.gates, [.signedIn])) { _ in .orders }
  /// ```
  public static var gates: Self { Self("gates", default: []) }
}

extension TypedKey where Value == HoldPolicy? {
  /// A route's own hold policy, in place of the router's ``HeldLinks/holdPolicy`` (a policy
  /// given to `dispatch` takes the place of both); its capacity caps that route's links held
  /// under it.
  ///
  /// ```swift
  /// try router.declare("/checkout", metadata: .with(.holdPolicy, HoldPolicy(repeats: .keepLatest)))
  /// ```
  public static var holdPolicy: Self { Self("holdPolicy", default: nil) }
}

/// A link that waits, as listed by ``HeldLinks/held``.
public struct HeldLink: Sendable, Hashable {
  /// The link.
  public let id: LinkID
  /// The URL as dispatched.
  public let url: String
  /// The route it waits for.
  public let routeName: String
}

/// Where a router keeps its ``HeldLinks``: made on first use, since a router whose output is
/// not `Sendable` has none.
final class HeldLinksSlot: Sendable {
  private let links = Locked<(any AnyObject & Sendable)?>(nil)

  func get<Output: Sendable>(_: Output.Type) -> HeldLinks<Output> {
    links.withLock { links in
      if let existing = links as? HeldLinks<Output> { return existing }
      let made = HeldLinks<Output>()
      links = made
      return made
    }
  }
}
