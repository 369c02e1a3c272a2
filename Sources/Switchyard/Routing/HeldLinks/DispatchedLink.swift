/// A link given to ``Router/dispatch(_:policy:stack:context:)``: its identity, a way to cancel it, and its
/// result once it has one.
///
/// ```swift
/// let link = router.dispatch("myapp://people/7")
/// // …later, or never: the link is delivered whether or not anyone awaits it
/// let result = await link.result
/// ```
public struct DispatchedLink<Output: Sendable>: Sendable {
  private let storage: Storage

  private enum Storage: Sendable {
    /// Held or queued when dispatched: its result comes through its box.
    case waiting(LinkBox<Output>, Owner)
    /// Delivered before `dispatch` returned.
    case finished(LinkResult<Output>)
  }

  init(box: LinkBox<Output>, links: HeldLinks<Output>) {
    storage = .waiting(box, Owner(links))
  }

  init(finished result: LinkResult<Output>) {
    storage = .finished(result)
  }

  /// The router's held links, held weakly: a link kept by the app must not keep its router's
  /// links alive after the router is gone (they then end as cancelled).
  private final class Owner: Sendable {
    weak let links: HeldLinks<Output>?
    init(_ links: HeldLinks<Output>) { self.links = links }
  }

  /// The link's identity (dispatch order).
  public var id: LinkID {
    switch storage {
    case .waiting(let box, _): box.id
    case .finished(let result): result.id
    }
  }

  /// The URL as dispatched: for SwitchyardFoundation's `dispatch(resolving:via:)`, the text
  /// as found (its result's `url` is the long link the service gave).
  public var url: String {
    switch storage {
    case .waiting(let box, _): box.url
    case .finished(let result): result.url
    }
  }

  /// How the link ended, waiting until it has.
  ///
  /// A link dispatched while another link of its router is being delivered (by a handler, say),
  /// awaited from anywhere — the handler's task, a `Task.detached`, a completion-handler
  /// bridge — while that delivery goes on, and any link awaited inside one of its router's
  /// deliveries, never waits behind a delivery: a queued one is delivered at once, in the awaiting task, ahead of the links
  /// queued before it; a held one is delivered on a task of its own whenever it is released,
  /// also after its route's `detach` held it again. So a handler may dispatch a link and await
  /// it without waiting for itself. Links nobody awaits keep their order.
  ///
  /// Cancelling the task that waits here cancels the link (``LinkOutcome/cancelled``) unless a
  /// handler has already started on it.
  public var result: LinkResult<Output> {
    get async {
      let box: LinkBox<Output>
      let owner: Owner
      switch storage {
      case .finished(let result): return result
      case .waiting(let waiting, let links): (box, owner) = (waiting, links)
      }
      if let result = box.result { return result }
      // Dispatched during a delivery (a handler's link, awaited from wherever the handler
      // awaits it: its own task, a detached task, a completion-handler bridge), or awaited
      // inside a delivery of its own router: delivered now, not behind that delivery.
      if let links = owner.links {
        let inDelivery = links.isDeliveringInCurrentTask
        if inDelivery || !box.dispatchedDuring.isEmpty {
          await links.deliverAwaited(box, inDelivery: inDelivery)
        }
        if let result = box.result { return result }
      }
      return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in box.wait(continuation) }
      } onCancel: { [owner, id = box.id] in
        owner.links?.cancel { $0 == id }
      }
    }
  }

  /// The result if the link has ended, else `nil`; does not wait.
  public var currentResult: LinkResult<Output>? {
    switch storage {
    case .waiting(let box, _): box.result
    case .finished(let result): result
    }
  }

  /// Cancels the link if it is still held or queued: it ends as ``LinkOutcome/cancelled`` and
  /// no handler, timeout or unmatched handler runs for it. Does nothing once a handler has
  /// started on it.
  public func cancel() {
    guard case .waiting(let box, let owner) = storage else { return }
    owner.links?.cancel { [id = box.id] in $0 == id }
  }
}
