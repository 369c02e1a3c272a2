/// A handler as the router core stores it: not generic, so that the registry, the snapshot and
/// the dispatch are written once for ``Router``, ``MainActorRouter`` and ``Navigator``. Each
/// handler sits in a box typed by its router's output (`SyncHandlerBox<Output>` …), and only
/// the router that registered it reads it back, with that type: the output is returned as
/// a value, never written through untyped memory.
///
/// Safety of `@unchecked Sendable`: `sync` and `async` boxes hold `@Sendable` closures.
/// `mainActor` boxes and `open` handlers hold `@MainActor` closures, which only main-actor
/// code can call (``MainActorRouter``, ``Navigator``).
@usableFromInline
package enum RouteHandler: @unchecked Sendable {
  /// A ``Router``'s synchronous handler: a `SyncHandlerBox<Output>`.
  case sync(AnyObject)
  /// A ``Router``'s asynchronous handler: an `AsyncHandlerBox<Output>`.
  case async(AnyObject)
  /// A handler run on the main actor: a `MainActorHandlerBox<Output>`.
  case mainActor(AnyObject)
  /// A navigator's open-handler.
  case open(@MainActor (RouteMatch) throws -> Bool)
  /// A route declared before its handler: it matches, but nothing runs for it until a handler
  /// is attached (routing passes over it; dispatched links wait for it).
  case declared
}

/// A ``Router``'s synchronous handler, typed by its output.
@usableFromInline
package final class SyncHandlerBox<Output>: Sendable {
  @usableFromInline let body: @Sendable (RouteMatch) throws -> Output?

  @usableFromInline
  package init(_ body: @escaping @Sendable (RouteMatch) throws -> Output?) {
    self.body = body
  }
}

/// A ``Router``'s asynchronous handler, typed by its output.
final class AsyncHandlerBox<Output>: Sendable {
  let body: @Sendable (RouteMatch) async throws -> Output?

  init(_ body: @escaping @Sendable (RouteMatch) async throws -> Output?) {
    self.body = body
  }
}

/// A handler run on the main actor (a ``MainActorRouter``'s, or a ``Navigator``'s screen
/// factory), typed by its output.
package final class MainActorHandlerBox<Output>: Sendable {
  let body: @MainActor (RouteMatch) throws -> Output?

  package init(_ body: @escaping @MainActor (RouteMatch) throws -> Output?) {
    self.body = body
  }
}

/// A ``Router``'s unmatched handler, typed by its output.
@usableFromInline
final class UnmatchedHandlerBox<Output>: Sendable {
  @usableFromInline let body: @Sendable (UnmatchedRequest) -> Output?

  init(_ body: @escaping @Sendable (UnmatchedRequest) -> Output?) {
    self.body = body
  }
}

extension RouteHandler {
  /// Whether it is a ``Router``'s asynchronous handler.
  var isAsync: Bool {
    if case .async = self { return true }
    return false
  }

  /// Runs a ``Router``'s synchronous handler for `match`, leaving its output in `output`; an
  /// async handler stops synchronous routing, any other kind is passed over.
  @inlinable
  func runSync<Output>(_ match: RouteMatch, into output: inout Output?) -> Attempt {
    switch self {
    case .sync(let box):
      guard let handler = box as? SyncHandlerBox<Output> else { return .skipped }
      return attempt(match) {
        output = try handler.body(match)
        return output != nil
      }
    case .async: return .needsAsync
    case .mainActor, .open, .declared: return .skipped
    }
  }

  /// Runs a ``Router``'s synchronous or asynchronous handler for `match`, leaving its output
  /// in `output`.
  func runAsync<Output>(_ match: RouteMatch, into output: inout Output?) async -> Attempt {
    guard case .async(let box) = self else { return runSync(match, into: &output) }
    guard let handler = box as? AsyncHandlerBox<Output> else { return .skipped }
    do {
      output = try await handler.body(match)
      return output != nil ? .handled : .declined(nil)
    } catch {
      return classify(error, match)
    }
  }

  /// Runs a main-actor handler (a ``MainActorRouter``'s, a ``Navigator``'s screen factory) for
  /// `match`, leaving its output in `output`; any other kind is passed over.
  @MainActor
  func runOnMainActor<Output>(_ match: RouteMatch, into output: inout Output?) -> Attempt {
    guard case .mainActor(let box) = self, let handler = box as? MainActorHandlerBox<Output>
    else { return .skipped }
    return attempt(match) {
      output = try handler.body(match)
      return output != nil
    }
  }

  /// Runs a navigator's open-handler for `match`; any other kind is passed over.
  @MainActor
  func runOpen(_ match: RouteMatch) -> Attempt {
    guard case .open(let handler) = self else { return .skipped }
    return attempt(match) { try handler(match) }
  }
}

/// What running one candidate's handler gave.
@usableFromInline
enum Attempt {
  /// The handler gave an output.
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
@usableFromInline
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
