#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The app as its landing page shows it: its name, its icon and its theme colour
/// (`--app-name`, `--app-icon`, `--theme-color`).
///
/// The name is shown as plain text (escaped), the icon only when it is an `https` URL, and the
/// theme colour only when it is `#RGB` or `#RRGGBB`: it tints the browser's bar
/// (`<meta name="theme-color">`) and the "Open in the app" button, whose text turns black on a
/// light colour. Any other value is left out of the page.
///
/// ```swift
/// let stores = StoreLinks(
///   appStoreID: "1234567890",
///   app: AppIdentity(
///     name: "Shop", iconURL: "https://shop.example.com/icon.png", themeColor: "#0a7c4a"))
/// ```
public struct AppIdentity: Sendable, Hashable {
  /// The app's name: "Open in Shop" instead of "Open in the app", and beside its icon.
  public var name: String?
  /// An `https` URL of the app's icon (a square image; shown 48 CSS pixels wide).
  public var iconURL: String?
  /// `#RGB` or `#RRGGBB`.
  public var themeColor: String?

  /// An identity; every part is optional.
  ///
  /// ```swift
  /// let app = AppIdentity(name: "Shop", themeColor: "#0a7c4a")
  /// ```
  public init(name: String? = nil, iconURL: String? = nil, themeColor: String? = nil) {
    self.name = name
    self.iconURL = iconURL
    self.themeColor = themeColor
  }

  /// Whether `text` is a colour the pages take: `#` and 3 or 6 hexadecimal digits, nothing
  /// else (no name, no `rgb()`, no space), so that it cannot leave the attribute or the style
  /// it goes into.
  ///
  /// ```swift
  /// AppIdentity.isThemeColor("#0a7c4a")  // true
  /// AppIdentity.isThemeColor("red")      // false
  /// ```
  public static func isThemeColor(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 4 || bytes.count == 7, bytes[0] == UInt8(ascii: "#") else {
      return false
    }
    return bytes.dropFirst().allSatisfy(Self.isHexDigit)
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46)
      || (byte >= 0x61 && byte <= 0x66)
  }

  /// The theme colour as `#rrggbb` (lower case) when it is one, else `nil`.
  var checkedThemeColor: String? {
    guard let themeColor, Self.isThemeColor(themeColor) else { return nil }
    let digits = Array(themeColor.lowercased().utf8.dropFirst())
    let full = digits.count == 3 ? digits.flatMap { [$0, $0] } : digits
    return "#" + String(decoding: full, as: UTF8.self)
  }

  /// The style of the theme colour: the accent, and black or white text on it, whichever
  /// contrasts more (WCAG's relative luminance).
  var themeStyle: String? {
    guard let color = checkedThemeColor else { return nil }
    let bytes = Array(color.utf8.dropFirst())
    func channel(_ index: Int) -> Double {
      let value =
        Double(
          Int(String(decoding: bytes[(index * 2)..<(index * 2 + 2)], as: UTF8.self), radix: 16) ?? 0
        )
        / 255
      return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    let luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
    // Contrast with white: 1.05 / (L + 0.05); with black: (L + 0.05) / 0.05.
    let onAccent = 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? "#fff" : "#000"
    return ":root{--accent:\(color);--on-accent:\(onAccent)}"
  }
}

#if Links
  import Crypto

  extension AppIdentity {
    /// The CSP hash of `style` (`sha256-…`, base64).
    static func styleHash(_ style: String) -> String? {
      var base64 = Array(Base64URL.encode(Array(SHA256.hash(data: Array(style.utf8)))).utf8)
      for index in base64.indices {
        if base64[index] == UInt8(ascii: "-") { base64[index] = UInt8(ascii: "+") }
        if base64[index] == UInt8(ascii: "_") { base64[index] = UInt8(ascii: "/") }
      }
      while base64.count % 4 != 0 { base64.append(UInt8(ascii: "=")) }
      return "sha256-" + String(decoding: base64, as: UTF8.self)
    }
  }
#else
  extension AppIdentity {
    /// No SHA-256 without the `Links` trait: no theme style.
    static func styleHash(_ style: String) -> String? { nil }
  }
#endif
