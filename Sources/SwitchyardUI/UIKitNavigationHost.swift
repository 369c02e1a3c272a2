#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// A `NavigationHost` over a `UINavigationController`.
  ///
  /// ```swift
  /// let navigator = Navigator<UIViewController>(scheme: "myapp")
  /// let host = UIKitNavigationHost(navigationController)
  /// navigator.host = host   // the navigator holds it weakly: keep `host` alive
  /// navigator.push("/user/42")
  /// ```
  @MainActor
  public final class UIKitNavigationHost: NavigationHost {
    /// The navigation controller screens are pushed on and presented from.
    public weak var navigationController: UINavigationController?

    /// Creates a host over `navigationController`.
    public init(_ navigationController: UINavigationController?) {
      self.navigationController = navigationController
    }

    public func push(_ screen: UIViewController, animated: Bool) {
      navigationController?.pushViewController(screen, animated: animated)
    }

    public func present(_ screen: UIViewController, wrap: Bool, animated: Bool) {
      let presented = wrap ? UINavigationController(rootViewController: screen) : screen
      navigationController?.present(presented, animated: animated)
    }

    /// Keeps the root view controller and puts `screens` above it.
    public func setStack(_ screens: [UIViewController], animated: Bool) {
      guard let navigationController else { return }
      let root = Array(navigationController.viewControllers.prefix(1))
      navigationController.setViewControllers(root + screens, animated: animated)
    }
  }
#endif
