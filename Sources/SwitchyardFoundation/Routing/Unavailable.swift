// Calls of the 0.x API before the release that no longer compile, marked unavailable so that
// the compiler names what replaces them. CHANGELOG.md lists every removal.

public import Switchyard

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension Navigator {
  /// Removed: `canRoute(_:)`, as on every router.
  ///
  /// ```swift
  /// if navigator.canRoute(url) { navigator.push(url) }   // was: navigator.canOpen(url)
  /// ```
  @available(*, unavailable, renamed: "canRoute(_:)")
  public func canOpen(_ url: URL) -> Bool { canRoute(url) }
}
