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
  let links: HeldLinks<Output>

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
      } onCancel: { [links, id = box.id] in
        links.cancel { $0 == id }
      }
    }
  }

  /// The result if the link has ended, else `nil`; does not wait.
  public var currentResult: LinkResult<Output>? { box.result }

  /// Cancels the link if it is still held or queued: it ends as ``LinkOutcome/cancelled`` and
  /// no handler, timeout or unmatched handler runs for it. Does nothing once a handler has
  /// started on it.
  public func cancel() {
    links.cancel { [id = box.id] in $0 == id }
  }
}
