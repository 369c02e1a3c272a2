/// A link given to ``Router/dispatch(_:policy:stack:context:)``: its identity, a way to cancel it, and its
/// result once it has one.
///
/// ```swift
/// let link = router.dispatch("myapp://people/7")
/// // …later, or never: the link is delivered whether or not anyone awaits it
/// let result = await link.result
/// ```
public struct DispatchedLink<Output: Sendable>: Sendable {
  let box: LinkBox<Output>
  /// The router's held links, held weakly: a link kept by the app must not keep its router's
  /// links alive after the router is gone (they then end as cancelled).
  private let owner: Owner

  init(box: LinkBox<Output>, links: HeldLinks<Output>) {
    self.box = box
    owner = Owner(links)
  }

  private final class Owner: Sendable {
    weak let links: HeldLinks<Output>?
    init(_ links: HeldLinks<Output>) { self.links = links }
  }

  /// The link's identity (dispatch order).
  public var id: LinkID { box.id }
  /// The URL as dispatched.
  public var url: String { box.url }

  /// How the link ended, waiting until it has.
  ///
  /// Cancelling the task that waits here cancels the link (``LinkOutcome/cancelled``) unless a
  /// handler has already started on it.
  public var result: LinkResult<Output> {
    get async {
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in box.wait(continuation) }
      } onCancel: { [owner, id = box.id] in
        owner.links?.cancel { $0 == id }
      }
    }
  }

  /// The result if the link has ended, else `nil`; does not wait.
  public var currentResult: LinkResult<Output>? { box.result }

  /// Cancels the link if it is still held or queued: it ends as ``LinkOutcome/cancelled`` and
  /// no handler, timeout or unmatched handler runs for it. Does nothing once a handler has
  /// started on it.
  public func cancel() {
    owner.links?.cancel { [id = box.id] in $0 == id }
  }
}
