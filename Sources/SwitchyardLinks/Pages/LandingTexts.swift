/// The fixed texts of the landing page in one language, and the choice of the language from
/// the request's `Accept-Language`.
///
/// To add a language, add a value with its texts and put it in ``all`` under its primary
/// language subtag (`fr`, `es`, …): the choice, `<html lang>` and the tests of every language's
/// page follow from that list.
struct LandingTexts: Sendable {
  /// The primary language subtag, lower case: `<html lang>`.
  var language: String
  /// "Open in the app", and with the app's name (already escaped for HTML) "Open in NAME".
  var openInTheApp: String
  var openIn: @Sendable (String) -> String
  var downloadOnTheAppStore: String
  var getItOnGooglePlay: String
  var continueOnTheWeb: String
  var getTheApp: String
  /// The note under "Get the app", saying what it does.
  var getTheAppNote: String

  static let english = LandingTexts(
    language: "en",
    openInTheApp: "Open in the app",
    openIn: { "Open in \($0)" },
    downloadOnTheAppStore: "Download on the App Store",
    getItOnGooglePlay: "Get it on Google Play",
    continueOnTheWeb: "Continue on the web",
    getTheApp: "Get the app",
    getTheAppNote: "\u{201C}Get the app\u{201D} copies a one-time link to this page to your "
      + "clipboard, then opens the App Store. When the app first opens, it asks to paste it "
      + "once and brings you here.")

  static let german = LandingTexts(
    language: "de",
    openInTheApp: "In der App öffnen",
    openIn: { "In \($0) öffnen" },
    downloadOnTheAppStore: "Laden im App Store",
    getItOnGooglePlay: "Jetzt bei Google Play",
    continueOnTheWeb: "Im Web fortfahren",
    getTheApp: "App laden",
    getTheAppNote: "\u{201E}App laden\u{201C} kopiert einen einmaligen Link zu dieser Seite in "
      + "die Zwischenablage und öffnet dann den App Store. Beim ersten Start fragt die App "
      + "einmal, ob sie ihn einfügen darf, und bringt dich hierher.")

  /// Every language the page speaks; the first is the one for a request that names none of
  /// them.
  static let all: [LandingTexts] = [english, german]

  /// The texts of `language` (a primary subtag of ``all``), else English.
  static func texts(_ language: String) -> LandingTexts {
    all.first { $0.language == language } ?? english
  }

  /// How much of an `Accept-Language` header is read, and how many of its languages.
  static let readLimit = 512
  static let rangeLimit = 16

  /// The language of ``all`` the header prefers most (RFC 9110 §12.5.4: quality values, the
  /// first of equals; `de-AT` counts as `de`, `*` as the first of ``all``); the first of
  /// ``all`` when it names none of them, has none or cannot be read.
  ///
  /// ```swift
  /// LandingTexts.language(acceptLanguage: "fr-CH, de;q=0.8, en;q=0.5")  // "de"
  /// ```
  static func language(acceptLanguage header: String?) -> String {
    guard let header else { return all[0].language }
    var best: (quality: Int, language: String)? = nil
    let text = header.utf8.prefix(readLimit)
    for range in text.split(separator: UInt8(ascii: ",")).prefix(rangeLimit) {
      let parts = range.split(separator: UInt8(ascii: ";"))
      guard let tagBytes = parts.first else { continue }
      let tag = String(decoding: tagBytes, as: UTF8.self).trimmingSpacesAndTabs.lowercased()
      let primary = tag.split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
      var quality = 1000
      for parameter in parts.dropFirst() {
        let pair = String(decoding: parameter, as: UTF8.self).trimmingSpacesAndTabs
        guard pair.hasPrefix("q=") || pair.hasPrefix("Q=") else { continue }
        quality = Self.quality(pair.dropFirst(2)) ?? 0
      }
      guard quality > 0 else { continue }
      let language = primary == "*" ? all[0].language : primary
      guard all.contains(where: { $0.language == language }) else { continue }
      if quality > (best?.quality ?? -1) { best = (quality, language) }
    }
    return best?.language ?? all[0].language
  }

  /// A quality value (`0`, `0.8`, `1.000`) in thousandths; `nil` when it is not one.
  static func quality(_ text: Substring) -> Int? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
    var value = whole == "1" ? 1000 : 0
    if parts.count == 2 {
      let digits = parts[1]
      guard digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      let padded = digits + String(repeating: "0", count: 3 - digits.count)
      value += Int(padded) ?? 0
    }
    return value <= 1000 ? value : nil
  }
}

extension String {
  /// Without spaces and tabs at either end.
  fileprivate var trimmingSpacesAndTabs: String {
    let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" }
    let kept = scalars.reversed().drop { $0 == " " || $0 == "\t" }
    return String(String.UnicodeScalarView(kept.reversed()))
  }
}
