/// A handler as a registry stores it: not generic, so that routing runs without looking up
/// generic metadata (the output is written through a pointer the generic entry point owns).
///
/// Safety of `@unchecked Sendable`: `sync` and `async` handlers are built from `@Sendable`
/// closures. `mainActor` and `open` handlers are stored only by main-actor types
/// (``MainActorRouter``, ``Navigator``), whose snapshots never leave the main actor.
@usableFromInline
enum RouteHandler: @unchecked Sendable {
  /// Writes the output through the pointer and returns `true`, or returns `false` to decline.
  case sync(@Sendable (RouteMatch, UnsafeMutableRawPointer) throws -> Bool)
  /// Writes the output into the box (an `OutputBox<Output>`) and returns `true`, or declines.
  case async(@Sendable (RouteMatch, AnyObject) async throws -> Bool)
  /// Like `sync`, run on the main actor.
  case mainActor(@MainActor (RouteMatch, UnsafeMutableRawPointer) throws -> Bool)
  /// A navigator's open-handler.
  case open(@MainActor (RouteMatch) throws -> Bool)
  /// A route declared before its handler: it matches, but nothing runs for it until a handler
  /// is attached (routing passes over it; dispatched links wait for it).
  case declared
}

/// Where an async handler leaves its output.
final class OutputBox<Output> {
  var value: Output?
  init() {}
}

/// What running one candidate's handler gave.
enum Attempt {
  /// The handler wrote its output.
  case handled
  /// Returned `nil` or threw a fair decline.
  case declined((any Error)?)
  /// Not a handler for this entry point (a screen route when opening, say): passed over
  /// without an event.
  case skipped
  /// An async handler met by a synchronous call: routing stops (``UnmatchedReason/needsAsync``).
  case needsAsync
  /// The handler read a parameter its route does not declare: routing stops
  /// (``UnmatchedReason/handlerFailed``).
  case failed(any Error)
}

/// Turns what a handler did into an ``Attempt``: `nil` or a value that does not convert is a
/// decline; reading a name the route's pattern does not declare is a programming error.
func attempt(_ match: RouteMatch, _ body: () throws -> Bool) -> Attempt {
  do {
    return try body() ? .handled : .declined(nil)
  } catch {
    return classify(error, match)
  }
}

func classify(_ error: any Error, _ match: RouteMatch) -> Attempt {
  if let parameterError = error as? RouteParameterError, parameterError.isMissing,
    !match.route.pattern.declares(parameterError.name)
  {
    return .failed(UndeclaredParameter(route: match.route, name: parameterError.name))
  }
  return .declined(error)
}
