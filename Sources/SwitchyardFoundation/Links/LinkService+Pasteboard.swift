// The iOS first-launch clipboard read: a thin adapter over `installLink(probablyHoldsWebURL:read:)`
// (LinkService.swift), whose logic the Linux tests check. Only UIKit's calls are here.

#if canImport(UIKit) && (os(iOS) || os(visionOS))
  public import UIKit

  extension LinkService {
    /// The one-time link the landing page's "Get the app" copied, if the pasteboard holds a
    /// link of this service; read once, at the app's first launch.
    ///
    /// It asks the pasteboard first whether it probably holds a web URL
    /// (`detectPatterns(for: [.probableWebURL])`, which does not ask the person), and reads
    /// it (which iOS asks the person to allow) only when it does: someone who copied no link
    /// sees no prompt. Any text that is no link of this service is left alone (`nil`).
    ///
    /// ```swift
    /// if let link = await links.installLink(from: .general) {
    ///   router.dispatch(resolving: link, via: links)
    /// }
    /// ```
    @MainActor
    public func installLink(from pasteboard: UIPasteboard = .general) async -> String? {
      let probablyHoldsWebURL = await withCheckedContinuation { continuation in
        pasteboard.detectPatterns(for: [.probableWebURL]) { result in
          let found = (try? result.get())?.contains(.probableWebURL) ?? false
          continuation.resume(returning: found)
        }
      }
      return installLink(probablyHoldsWebURL: probablyHoldsWebURL) { pasteboard.string }
    }
  }
#endif
