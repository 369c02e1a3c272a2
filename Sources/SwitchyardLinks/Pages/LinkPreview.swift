/// What a short link's pages show about it: its title, description, image and the two URLs.
///
/// Values are kept raw, exactly as the link or the route's defaults give them; ``LinkPages``
/// escapes each for where it goes, and leaves out a URL that is not safe to link to.
///
/// ```swift
/// let preview = LinkPreview(
///   title: "Post hello-world", description: "The first post.",
///   imageURL: "https://example.com/cards/hello.png",
///   shortLink: "https://links.example.com/l/Ab3dE9xQ",
///   longURL: "https://example.com/posts/hello-world")
/// let html = LinkPages.preview(preview)
/// ```
public struct LinkPreview: Sendable, Hashable {
  /// The title: the page's `<title>`, its heading and `og:title`. An empty or blank title is
  /// shown as the long URL.
  ///
  /// ```swift
  /// preview.title = "Post hello-world"
  /// ```
  public var title: String
  /// A sentence or two under the title, and `og:description`; `nil` for none.
  ///
  /// ```swift
  /// preview.description = "The first post."
  /// ```
  public var description: String?
  /// The picture of the preview card (`og:image`) and of the landing page. Only an `https` URL
  /// is shown; any other (`http:`, `data:`, `javascript:`, malformed) is dropped.
  ///
  /// ```swift
  /// preview.imageURL = "https://example.com/cards/hello.png"
  /// ```
  public var imageURL: String?
  /// The short link itself, the page's canonical address (`og:url`).
  ///
  /// ```swift
  /// preview.shortLink = "https://links.example.com/l/Ab3dE9xQ"
  /// ```
  public var shortLink: String
  /// Where the link leads: the target of "Open in the app" and of the web page link.
  ///
  /// ```swift
  /// preview.longURL = "https://example.com/posts/hello-world"
  /// ```
  public var longURL: String
  /// The web page of the same route, for "Continue on the web" and the crawlers' card, when
  /// the long URL is an app's (`myapp://…`); `nil`: the long URL itself when it is `http` or
  /// `https`, else no web page.
  ///
  /// ```swift
  /// preview.longURL = "myapp://posts/hello-world"
  /// preview.webURL = "https://example.com/posts/hello-world"
  /// ```
  public var webURL: String?

  /// The link in the app's own scheme (`myapp://posts/hello-world`), for an in-app browser on
  /// iOS (Instagram's, Facebook's, …), which opens a universal link in its own web view rather
  /// than in the app; `nil`: the long URL, which is such a link already or the only one there is.
  ///
  /// ```swift
  /// preview.appSchemeURL = "myapp://posts/hello-world"
  /// ```
  public var appSchemeURL: String? = nil

  /// A preview of one link.
  ///
  /// ```swift
  /// let preview = LinkPreview(
  ///   title: "Post hello-world",
  ///   shortLink: "https://links.example.com/l/Ab3dE9xQ",
  ///   longURL: "https://example.com/posts/hello-world")
  /// ```
  public init(
    title: String, description: String? = nil, imageURL: String? = nil, shortLink: String,
    longURL: String, webURL: String? = nil
  ) {
    self.title = title
    self.description = description
    self.imageURL = imageURL
    self.shortLink = shortLink
    self.longURL = longURL
    self.webURL = webURL
  }
}

/// Where the app is installed from, and the URL schemes it opens, for the landing page's buttons.
///
/// An iOS browser is offered the App Store (`https://apps.apple.com/app/id<N>`), an Android
/// browser Google Play (`https://play.google.com/store/apps/details?id=<package>`). A value
/// that is not well formed (an App Store ID that is not all digits, a package name that is not
/// `letters.and_digits.separated.by.dots`) gives no button rather than a broken one.
///
/// ```swift
/// let stores = StoreLinks(appStoreID: "1234567890", androidPackage: "com.example.shop")
/// let html = LinkPages.landing(preview, for: .iOSBrowser, stores: stores)
/// ```
public struct StoreLinks: Sendable, Hashable {
  /// The app's numeric App Store ID (`--app-store-id`), or `nil` for no App Store button.
  ///
  /// ```swift
  /// stores.appStoreID = "1234567890"
  /// ```
  public var appStoreID: String?
  /// The app's Android package name (`--package`), or `nil` for no Google Play button.
  ///
  /// ```swift
  /// stores.androidPackage = "com.example.shop"
  /// ```
  public var androidPackage: String?
  /// The custom URL schemes the app opens (those of its route table, such as `myapp`), which
  /// "Open in the app" may link to besides `http` and `https`. Schemes that run or embed
  /// content (`javascript`, `data`, `vbscript`, `file`, `blob`, `about`, `filesystem`) are
  /// never linked to, even when listed.
  ///
  /// ```swift
  /// stores.appSchemes = ["myapp"]
  /// ```
  public var appSchemes: [String]
  /// The app's name, icon and theme colour on its landing page (`--app-name`, `--app-icon`,
  /// `--theme-color`).
  ///
  /// ```swift
  /// stores.app = AppIdentity(name: "Shop", themeColor: "#0a7c4a")
  /// ```
  public var app: AppIdentity

  /// The stores of one app.
  ///
  /// ```swift
  /// let stores = StoreLinks(appStoreID: "1234567890", androidPackage: "com.example.shop")
  /// ```
  public init(
    appStoreID: String? = nil, androidPackage: String? = nil, appSchemes: [String] = [],
    app: AppIdentity = AppIdentity()
  ) {
    self.appStoreID = appStoreID
    self.androidPackage = androidPackage
    self.appSchemes = appSchemes
    self.app = app
  }

  /// The App Store page, when ``appStoreID`` is all digits.
  var appStoreURL: String? {
    guard let id = appStoreID, (1...20).contains(id.utf8.count),
      id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    return "https://apps.apple.com/app/id\(id)"
  }

  /// The Google Play page, when ``androidPackage`` is a valid package name.
  var googlePlayURL: String? {
    guard let package = androidPackage, Self.isPackageName(package) else { return nil }
    return "https://play.google.com/store/apps/details?id=\(package)"
  }

  /// Whether `name` is an Android application ID: two or more dot-separated segments, each a
  /// letter then letters, digits or underscores.
  static func isPackageName(_ name: String) -> Bool {
    let segments = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard segments.count >= 2, name.utf8.count <= 255 else { return false }
    return segments.allSatisfy { segment in
      guard let first = segment.first, isASCIILetter(first) else { return false }
      return segment.allSatisfy { isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }
  }
}

/// Whether `byte` is an ASCII letter.
func isASCIILetter(_ byte: UInt8) -> Bool {
  (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
}
