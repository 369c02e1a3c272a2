/// A named readiness condition — "the app has launched", "the user has signed in", "the
/// database is migrated" — that held links wait for.
///
/// A route (its ``TypedKey/gates`` metadata) or the whole router
/// (``HeldLinks/requiredGates``) can require gates; a link whose route needs a closed gate is
/// held until every gate it needs is open. Gates start closed.
///
/// ```swift
/// let router = Router<Screen>()
/// try router.register("myapp://orders/:id", metadata: .with(.gates, [.signedIn])) { match in
///   .order(try match.value("id", as: String.self))
/// }
/// let link = router.dispatch("myapp://orders/A1")   // held: not signed in yet
/// router.links.openGate(.signedIn)                  // delivered now
/// ```
public struct Gate: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The gate's name, as given.
  public let name: String

  /// Creates a gate of your own.
  ///
  /// ```swift
  /// extension Gate { static let onboarded = Gate("onboarded") }
  /// ```
  public init(_ name: String) { self.name = name }

  public init(stringLiteral value: String) { self.init(value) }

  /// The app has finished launching: its UI exists and can show a screen.
  public static let launched = Gate("launched")
  /// The user has signed in.
  public static let signedIn = Gate("signedIn")

  public var description: String { name }
}
