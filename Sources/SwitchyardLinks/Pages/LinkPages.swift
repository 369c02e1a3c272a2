/// The HTML pages of the link service: the preview for crawlers, the landing page for phones,
/// and the pages of unknown and expired links.
///
/// Each page is one small document with its style inline, no script, no font, image or style
/// from anyone else, and a strict ``contentSecurityPolicy`` that the page also carries as a
/// `<meta http-equiv>` tag. Every value of the link is escaped for where it goes, and a URL
/// goes into an `href` or `src` only when its scheme is allowed (`https` for images; `http`,
/// `https` and the app's own schemes for links): a `javascript:` or `data:` URL never does.
///
/// ```swift
/// let preview = LinkPreview(
///   title: "Post hello-world",
///   shortLink: "https://links.example.com/l/Ab3dE9xQ",
///   longURL: "https://example.com/posts/hello-world")
/// let client = LinkClient(userAgent: userAgent)
/// let html =
///   client == .previewCrawler
///   ? LinkPages.preview(preview)
///   : LinkPages.landing(preview, for: client, stores: StoreLinks(appStoreID: "1234567890"))
/// ```
public enum LinkPages {
  /// The `Content-Security-Policy` header value to send with every page.
  ///
  /// Nothing may load but the page's own style (named by its hash) and `https` images; no
  /// script, no form, no `<base>`, and no other site may frame the page. The pages carry the
  /// same policy as a `<meta http-equiv>` tag, less `frame-ancestors`, which browsers obey only
  /// in the header.
  ///
  /// ```swift
  /// response.headers[.contentSecurityPolicy] = LinkPages.contentSecurityPolicy
  /// ```
  public static let contentSecurityPolicy = metaContentSecurityPolicy + "; frame-ancestors 'none'"

  /// The policy the pages carry in `<meta http-equiv>`.
  static let metaContentSecurityPolicy = metaPolicy(script: false, themeHash: nil)

  /// The SHA-256 of ``stylesheet``, base64, as CSP names it. A test recomputes it.
  static let styleHash = "sha256-6qZv8w9U5hdnsEJqBfMn33+QBRwwLFGRdS97ROBnWHk="

  /// The one style sheet of every page: system fonts, sized for a phone, dark mode included.
  static let stylesheet =
    ":root{color-scheme:light dark}"
    + "body{margin:0;background:#f5f5f7;color:#1d1d1f;"
    + "font:17px/1.45 -apple-system,system-ui,\"Segoe UI\",Roboto,sans-serif}"
    + "main{max-width:28rem;margin:0 auto;padding:2.5rem 1.25rem}"
    + "img{display:block;width:100%;height:auto;max-height:40vh;object-fit:cover;"
    + "border-radius:12px;margin:0 0 1.25rem}"
    // A long title or description wraps, and is cut after four lines, so that the buttons
    // stay on the first screen.
    + "h1{font-size:1.6rem;line-height:1.25;margin:0 0 .5rem;overflow-wrap:anywhere}"
    + "h1,h1+p{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:4;"
    + "overflow:hidden}"
    + "p{margin:0 0 1.75rem;color:#515154;overflow-wrap:anywhere}"
    + ".app{display:flex;align-items:center;gap:.75rem;margin:0 0 1.25rem;font-weight:600;"
    + "overflow-wrap:anywhere}.app img{width:48px;height:48px;margin:0;flex:none}"
    + ".button{display:block;box-sizing:border-box;width:100%;margin:0 0 .75rem;"
    + "padding:.9rem 1rem;border-radius:12px;text-align:center;font-weight:600;"
    + "text-decoration:none;border:1px solid #0a5fc7;overflow-wrap:anywhere}"
    + ".primary{background:var(--accent,#0a5fc7);border-color:var(--accent,#0a5fc7);"
    + "color:var(--on-accent,#fff)}"
    + ".store{background:#fff;color:#0a5fc7}"
    + ".web{display:block;margin-top:1.25rem;text-align:center;color:#0a5fc7}"
    + ".note{font-size:.85rem}"
    + "h2{font-size:1.1rem;margin:1.5rem 0 .5rem}"
    + "svg{display:block;width:100%;height:auto;margin:0 0 1rem}"
    + "table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.3rem 0;"
    + "border-bottom:1px solid #d2d2d7;overflow-wrap:anywhere}.n{text-align:right}"
    + "@media (prefers-color-scheme:dark){body{background:#111113;color:#f5f5f7}"
    + "p{color:#b4b4ba}.store{background:#1c1c1e;color:#5ea2f5}.web{color:#5ea2f5}"
    + ".button{border-color:#5ea2f5}}"

  /// The page for a link-preview crawler: the link's title, description and image as Open
  /// Graph and Twitter card tags, and the same shown as a page.
  ///
  /// `twitter:card` is `summary_large_image` when the preview has an image, else `summary`.
  ///
  /// ```swift
  /// let html = LinkPages.preview(
  ///   LinkPreview(
  ///     title: "Post hello-world", imageURL: "https://example.com/cards/hello.png",
  ///     shortLink: "https://links.example.com/l/Ab3dE9xQ",
  ///     longURL: "https://example.com/posts/hello-world"))
  /// // … <meta property="og:title" content="Post hello-world"> …
  /// // … <meta name="twitter:card" content="summary_large_image"> …
  /// ```
  public static func preview(_ preview: LinkPreview) -> String {
    let values = Values(preview, appSchemes: [])
    var head = "<meta property=\"og:type\" content=\"website\">\n"
    head += "<meta property=\"og:title\" content=\"\(values.title)\">\n"
    if let description = values.description {
      head += "<meta property=\"og:description\" content=\"\(description)\">\n"
      head += "<meta name=\"description\" content=\"\(description)\">\n"
    }
    if let image = values.image {
      head += "<meta property=\"og:image\" content=\"\(image)\">\n"
    }
    if let shortLink = values.shortLink {
      head += "<meta property=\"og:url\" content=\"\(shortLink)\">\n"
    }
    let card = values.image == nil ? "summary" : "summary_large_image"
    head += "<meta name=\"twitter:card\" content=\"\(card)\">\n"
    var body = values.card
    if let web = values.webURL {
      body += "<a class=\"button primary\" href=\"\(web)\">Open the link</a>\n"
    }
    return page(title: values.title, head: head, body: body)
  }

  /// The page a desktop gets for a link the app alone opens (its route has no web page): the
  /// preview, a line saying to open the link on a phone, and the store pages (`https`), never a
  /// link to the app's scheme, which a desktop cannot open.
  static func openOnPhone(_ preview: LinkPreview, stores: StoreLinks) -> String {
    let values = Values(preview, appSchemes: [])
    var body = values.card
    body +=
      "<p class=\"note\">This link opens in the app. Open it on your iPhone or Android phone, "
      + "where the app is installed or can be.</p>\n"
    if let appStore = stores.appStoreURL {
      body +=
        "<a class=\"button store\" href=\"\(HTMLEscaping.escape(appStore))\">"
        + "Download on the App Store</a>\n"
    }
    if let googlePlay = stores.googlePlayURL {
      body +=
        "<a class=\"button store\" href=\"\(HTMLEscaping.escape(googlePlay))\">"
        + "Get it on Google Play</a>\n"
    }
    return page(title: values.title, head: "", body: body)
  }

  /// The page of a link stored by an older release whose long URL no longer passes the
  /// service's check and whose route has no web page to build: it links nowhere.
  static func unavailable() -> String {
    page(
      title: "Link unavailable",
      head: "",
      body: "<h1>Link unavailable</h1>\n<p>This link does not lead to an address this service "
        + "can send you to.</p>\n")
  }

  /// The landing page for a person on a phone: the preview, "Open in the app" (the long URL),
  /// the store button for the platform, and a link to the web page.
  ///
  /// An iOS browser gets the App Store button, an Android browser the Google Play button, any
  /// other client both (those the stores configure). A button whose target is not safe or not
  /// configured is left out.
  ///
  /// With an `installToken` (an ``InstallToken`` the service signed for this visit), the store
  /// buttons carry the link across the installation: Google Play's gets
  /// `&referrer=switchyard_token%3DTOKEN`, which the app reads with Google Play's Install
  /// Referrer API, and on iOS the App Store button becomes "Get the app": on the person's tap
  /// it copies the one-time link `SHORTLINK?switchyard_token=TOKEN` to the clipboard, then
  /// opens the App Store, and the page says so. That page carries one small script, allowed by
  /// its hash in ``installContentSecurityPolicy``; without script the button still opens the
  /// App Store.
  ///
  /// `stores.app` (``AppIdentity``) puts the app's name, icon and theme colour on the page;
  /// send such a page with ``landingContentSecurityPolicy(stores:installScript:)``. The fixed
  /// texts are in the language `acceptLanguage` (the request's `Accept-Language`) prefers
  /// among those the page speaks (English, German), else English. With `inAppBrowser` (the
  /// visit comes from an app's own browser, such as Instagram's, which opens universal links in
  /// itself), "Open in the app" is on Android an `intent:` URL naming the app's package and on
  /// iOS ``LinkPreview/appSchemeURL`` when there is one.
  ///
  /// ```swift
  /// let html = LinkPages.landing(
  ///   preview, for: .androidBrowser, stores: StoreLinks(androidPackage: "com.example.shop"))
  /// // … <a class="button store" href="https://play.google.com/store/apps/details?id=com.example.shop">Get it on Google Play</a> …
  /// let german = LinkPages.landing(
  ///   preview, for: .iOSBrowser, stores: stores, acceptLanguage: "de-DE,en;q=0.5")
  /// // <html lang="de"> … In der App öffnen …
  /// ```
  public static func landing(
    _ preview: LinkPreview, for client: LinkClient, stores: StoreLinks,
    installToken: String? = nil, acceptLanguage: String? = nil, inAppBrowser: Bool = false
  ) -> String {
    landingPage(
      preview, for: client, stores: stores, installToken: installToken,
      acceptLanguage: acceptLanguage, inAppBrowser: inAppBrowser
    ).html
  }

  /// ``landing(_:for:stores:installToken:acceptLanguage:inAppBrowser:)`` with the
  /// Content-Security-Policy the page needs (``landingContentSecurityPolicy(stores:installScript:)``
  /// with the "Get the app" script exactly when the page has it). The service sends the page
  /// with that policy; nothing reads the page back to choose it.
  ///
  /// ```swift
  /// let page = LinkPages.landingPage(
  ///   preview, for: .iOSBrowser, stores: StoreLinks(appStoreID: "1234567890"),
  ///   installToken: token)
  /// response.headers[.contentSecurityPolicy] = page.contentSecurityPolicy
  /// ```
  public static func landingPage(
    _ preview: LinkPreview, for client: LinkClient, stores: StoreLinks,
    installToken: String? = nil, acceptLanguage: String? = nil, inAppBrowser: Bool = false
  ) -> LinkPage {
    let texts = LandingTexts.texts(LandingTexts.language(acceptLanguage: acceptLanguage))
    let values = Values(preview, appSchemes: stores.appSchemes)
    let token = installToken.flatMap { Base64URL.isEncoded($0) ? $0 : nil }
    let appStore = client == .androidBrowser ? nil : stores.appStoreURL
    var googlePlay = client == .iOSBrowser ? nil : stores.googlePlayURL
    if let token, googlePlay != nil {
      googlePlay? += "&referrer=" + InstallToken.referrer(token)
    }
    let appName = stores.app.name.map { HTMLEscaping.escape($0).trimmingSpaces }
      .flatMap { $0.isEmpty ? nil : $0 }
    var body = identity(stores.app, name: appName) + values.card
    let open =
      inAppBrowser
      ? inAppLink(preview, for: client, stores: stores, fallback: googlePlay) ?? values.longURL
      : values.longURL
    if let open {
      body +=
        "<a class=\"button primary\" href=\"\(open)\">"
        + "\(appName.map(texts.openIn) ?? texts.openInTheApp)</a>\n"
    }
    var script = false
    if let appStore {
      if let token, client == .iOSBrowser,
        let shortLink = HTMLEscaping.linkable(
          preview.shortLink, schemes: HTMLEscaping.webSchemes)
      {
        let oneTime = shortLink + "?" + InstallToken.referrerParameter + "=" + token
        body +=
          "<a class=\"button store\" id=\"get-app\" href=\"\(HTMLEscaping.escape(appStore))\" "
          + "data-link=\"\(HTMLEscaping.escape(oneTime))\">\(texts.getTheApp)</a>\n"
          + "<p class=\"note\">\(texts.getTheAppNote)</p>\n"
        script = true
      } else {
        body +=
          "<a class=\"button store\" href=\"\(HTMLEscaping.escape(appStore))\">"
          + "\(texts.downloadOnTheAppStore)</a>\n"
      }
    }
    if let googlePlay {
      body +=
        "<a class=\"button store\" href=\"\(HTMLEscaping.escape(googlePlay))\">"
        + "\(texts.getItOnGooglePlay)</a>\n"
    }
    if let web = values.webURL {
      body += "<a class=\"web\" href=\"\(web)\">\(texts.continueOnTheWeb)</a>\n"
    }
    if script { body += "<script>\(getAppScript)</script>\n" }
    var head = ""
    if let color = stores.app.checkedThemeColor {
      head += "<meta name=\"theme-color\" content=\"\(color)\">\n"
    }
    return LinkPage(
      html: page(
        title: values.title, head: head, body: body, script: script, language: texts.language,
        theme: theme(stores.app)),
      contentSecurityPolicy: landingContentSecurityPolicy(stores: stores, installScript: script))
  }

  /// The app's icon and name above the preview, escaped; empty when neither is given.
  static func identity(_ app: AppIdentity, name: String?) -> String {
    let icon = HTMLEscaping.linkable(app.iconURL, schemes: HTMLEscaping.imageSchemes)
    guard icon != nil || name != nil else { return "" }
    var html = "<div class=\"app\">"
    if let icon {
      html += "<img src=\"\(HTMLEscaping.escape(icon))\" alt=\"\" width=\"48\" height=\"48\">"
    }
    if let name { html += "<span>\(name)</span>" }
    return html + "</div>\n"
  }

  /// "Open in the app" for an in-app browser, escaped: on Android an `intent:` URL naming the
  /// app's package (falling back to the web page, else `googlePlay`), on iOS the link in the
  /// app's own scheme (``LinkPreview/appSchemeURL``); `nil` when there is none of these.
  static func inAppLink(
    _ preview: LinkPreview, for client: LinkClient, stores: StoreLinks, fallback googlePlay: String?
  ) -> String? {
    switch client {
    case .androidBrowser:
      var schemes = HTMLEscaping.webSchemes
      for scheme in stores.appSchemes { schemes.insert(scheme.lowercased()) }
      guard let package = stores.androidPackage,
        let long = HTMLEscaping.linkable(preview.longURL, schemes: schemes)
      else { return nil }
      let web = HTMLEscaping.linkable(
        preview.webURL ?? preview.longURL, schemes: HTMLEscaping.webSchemes)
      let intent = InAppBrowsers.intentURL(long, package: package, fallback: web ?? googlePlay)
      return HTMLEscaping.linkable(intent, schemes: ["intent"]).map(HTMLEscaping.escape)
    case .iOSBrowser:
      guard let url = preview.appSchemeURL, let colon = url.firstIndex(of: ":") else {
        return nil
      }
      let scheme = url[..<colon].lowercased()
      guard !HTMLEscaping.webSchemes.contains(scheme) else { return nil }
      return HTMLEscaping.linkable(url, schemes: [scheme]).map(HTMLEscaping.escape)
    default:
      return nil
    }
  }

  /// The style of the app's theme colour and its CSP hash; `nil` without a valid colour, or
  /// where no SHA-256 is at hand (without the `Links` trait: then only
  /// `<meta name="theme-color">` carries it).
  static func theme(_ app: AppIdentity) -> (style: String, hash: String)? {
    guard let style = app.themeStyle, let hash = AppIdentity.styleHash(style) else { return nil }
    return (style, hash)
  }

  /// The `Content-Security-Policy` header value of a landing page rendered with `stores`:
  /// ``contentSecurityPolicy`` (or ``installContentSecurityPolicy`` with the "Get the app"
  /// script), plus the hash of the theme colour's style when ``AppIdentity/themeColor`` is one.
  ///
  /// ```swift
  /// response.headers[.contentSecurityPolicy] =
  ///   LinkPages.landingContentSecurityPolicy(stores: stores, installScript: false)
  /// ```
  public static func landingContentSecurityPolicy(stores: StoreLinks, installScript: Bool)
    -> String
  {
    metaPolicy(script: installScript, themeHash: theme(stores.app)?.hash)
      + "; frame-ancestors 'none'"
  }

  /// The policy of a page's `<meta http-equiv>`: the style's hash (and the theme's), and the
  /// "Get the app" script's when `script`.
  static func metaPolicy(script: Bool, themeHash: String?, forms: Bool = false) -> String {
    let styles = "'\(styleHash)'" + (themeHash.map { " '\($0)'" } ?? "")
    return "default-src 'none'; style-src \(styles); img-src https:; base-uri 'none'; "
      + "form-action \(forms ? "'self'" : "'none'")"
      + (script ? "; script-src '\(getAppScriptHash)'" : "")
  }

  /// The policy of the admin's pages: ``contentSecurityPolicy`` plus the admin's style sheet
  /// (named by its hash), and their forms may post to the service itself (`form-action 'self'`).
  static let adminContentSecurityPolicy =
    metaPolicy(script: false, themeHash: adminStyleHash, forms: true) + "; frame-ancestors 'none'"

  /// The SHA-256 of ``adminStylesheet``, base64, as CSP names it. A test recomputes it.
  static let adminStyleHash = "sha256-CJ4mrZf5J/ATw3PORltIFI7REZXUpAfq8ImNEjL3Ka4="

  /// The admin pages' own style, after ``stylesheet``: desktop width (the tables and forms use
  /// the screen; a phone still gets one column), compact tables, full-width form fields.
  static let adminStylesheet =
    "main{max-width:72rem;padding:2rem 2.5rem}"
    + "h1{font-size:1.8rem}h2{margin:2rem 0 .5rem}p{margin:0 0 1rem}"
    + "table{font-size:.9rem;margin:0 0 1.5rem}th,td{padding:.35rem .75rem .35rem 0;"
    + "vertical-align:top}th{white-space:nowrap;font-weight:600}"
    + "td:first-child{overflow-wrap:normal}svg{max-width:40rem}"
    + "form[action=\"/admin/sign-out\"]{float:right;margin:0 0 1rem 1rem}"
    + "form.edit{max-width:48rem}label{display:block;font-weight:600;margin:0 0 .25rem}"
    + "input,textarea{display:block;box-sizing:border-box;width:100%;padding:.45rem .6rem;"
    + "font:inherit;font-size:1rem;border:1px solid #8e8e93;border-radius:8px;"
    + "background:#fff;color:#1d1d1f}"
    + "button{font:inherit;font-size:1rem;padding:.45rem 1rem;border-radius:8px;"
    + "border:1px solid #0a5fc7;background:#0a5fc7;color:#fff;cursor:pointer}"
    + "form[action$=\"/delete\"] button{background:transparent;color:#c5221f;"
    + "border-color:#c5221f}"
    + "[role=alert]{padding:.6rem .8rem;border-radius:8px;background:#fde7e9;color:#8a1c1c;"
    + "font-weight:600}"
    + "@media (max-width:40rem){main{padding:1.5rem 1rem}table{display:block;overflow-x:auto}}"
    + "@media (prefers-color-scheme:dark){input,textarea{background:#1c1c1e;color:#f5f5f7}"
    + "[role=alert]{background:#3a1416;color:#ffb4b4}}"

  /// The policy of a landing page with the "Get the app" button: ``contentSecurityPolicy``
  /// plus its one script, named by its hash.
  ///
  /// ```swift
  /// response.headers[.contentSecurityPolicy] = LinkPages.installContentSecurityPolicy
  /// ```
  public static let installContentSecurityPolicy =
    metaInstallContentSecurityPolicy + "; frame-ancestors 'none'"

  static let metaInstallContentSecurityPolicy = metaPolicy(script: true, themeHash: nil)

  /// The script of "Get the app": on the tap, copy the button's `data-link` and then go to its
  /// `href` (the App Store), whether the copy worked or not.
  static let getAppScript =
    "var b=document.getElementById(\"get-app\");"
    + "b.addEventListener(\"click\",function(e){"
    + "if(!navigator.clipboard){return}"
    + "e.preventDefault();"
    + "var go=function(){location.href=b.href};"
    + "navigator.clipboard.writeText(b.getAttribute(\"data-link\")).then(go,go)})"

  /// The SHA-256 of ``getAppScript``, base64, as CSP names it. A test recomputes it.
  static let getAppScriptHash = "sha256-EWh+7CCHLRm5oycfIPaYZ0PvhIO1PXpSBlX1q3aa98s="

  /// The page of an unknown short link, sent with status 404. It links nowhere.
  ///
  /// ```swift
  /// LinkPages.notFound()   // <!doctype html> … <h1>Link not found</h1> …
  /// ```
  public static func notFound() -> String {
    page(
      title: "Link not found",
      head: "",
      body: "<h1>Link not found</h1>\n<p>There is no link at this address. "
        + "Check that it was copied whole.</p>\n")
  }

  /// The page of an expired short link, sent with status 410. It links nowhere.
  ///
  /// ```swift
  /// LinkPages.expired()   // <!doctype html> … <h1>Link expired</h1> …
  /// ```
  public static func expired() -> String {
    page(
      title: "Link expired",
      head: "",
      body: "<h1>Link expired</h1>\n<p>This link has expired and no longer leads anywhere.</p>\n"
    )
  }

  /// One page: `title` and `body` are escaped HTML already, `head` extra `<head>` lines;
  /// `language` is a primary language subtag (`en`); `theme` a second style sheet and its hash
  /// (the theme colour's, or the admin's).
  static func page(
    title: String, head: String, body: String, script: Bool = false, language: String = "en",
    theme: (style: String, hash: String)? = nil, forms: Bool = false
  ) -> String {
    let policy = metaPolicy(script: script, themeHash: theme?.hash, forms: forms)
    return "<!doctype html>\n<html lang=\"\(language)\">\n<head>\n<meta charset=\"utf-8\">\n"
      + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      + "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n"
      + "<meta name=\"referrer\" content=\"no-referrer\">\n"
      + "<title>\(title)</title>\n" + head
      + "<style>\(stylesheet)</style>\n"
      + (theme.map { "<style>\($0.style)</style>\n" } ?? "")
      + "</head>\n<body>\n<main>\n" + body + "</main>\n</body>\n</html>\n"
  }

  /// A preview's values, checked and escaped for HTML.
  struct Values {
    var title: String
    var description: String?
    var image: String?
    var shortLink: String?
    /// The "Open in the app" target: http, https or one of the app's schemes.
    var longURL: String?
    /// The web page: ``LinkPreview/webURL``, else the long URL when it is http or https.
    var webURL: String?

    init(_ preview: LinkPreview, appSchemes: [String]) {
      var schemes = HTMLEscaping.webSchemes
      for scheme in appSchemes { schemes.insert(scheme.lowercased()) }
      let long = HTMLEscaping.linkable(preview.longURL, schemes: schemes)
      let web = HTMLEscaping.linkable(
        preview.webURL ?? preview.longURL, schemes: HTMLEscaping.webSchemes)
      longURL = long.map(HTMLEscaping.escape)
      webURL = web.map(HTMLEscaping.escape)
      image = HTMLEscaping.linkable(preview.imageURL, schemes: HTMLEscaping.imageSchemes).map(
        HTMLEscaping.escape)
      shortLink = HTMLEscaping.linkable(preview.shortLink, schemes: HTMLEscaping.webSchemes).map(
        HTMLEscaping.escape)
      let shownTitle = HTMLEscaping.escape(preview.title).trimmingSpaces
      title = !shownTitle.isEmpty ? shownTitle : (web.map(HTMLEscaping.escape) ?? "Link")
      let shownDescription = preview.description.map { HTMLEscaping.escape($0).trimmingSpaces }
      description = shownDescription?.isEmpty == false ? shownDescription : nil
    }

    /// The image, heading and description as body HTML.
    var card: String {
      var html = ""
      if let image { html += "<img src=\"\(image)\" alt=\"\">\n" }
      html += "<h1>\(title)</h1>\n"
      if let description { html += "<p>\(description)</p>\n" }
      return html
    }
  }
}

extension String {
  /// This string without leading and trailing spaces (U+0020).
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " }),
      let last = scalars.lastIndex(where: { $0 != " " })
    else { return "" }
    return String(scalars[first...last])
  }
}

/// A page and the Content-Security-Policy it is sent with: the policy follows from what the
/// page holds (its one script, allowed by its hash), decided where the page is built.
///
/// ```swift
/// let page = LinkPages.landingPage(preview, for: .iOSBrowser, stores: stores)
/// page.contentSecurityPolicy == LinkPages.contentSecurityPolicy  // true: no token, no script
/// ```
public struct LinkPage: Sendable, Hashable {
  /// The page.
  public var html: String
  /// The value of its `Content-Security-Policy` header.
  public var contentSecurityPolicy: String

  /// A page and its policy.
  ///
  /// ```swift
  /// LinkPage(html: LinkPages.notFound(), contentSecurityPolicy: LinkPages.contentSecurityPolicy)
  /// ```
  public init(html: String, contentSecurityPolicy: String) {
    self.html = html
    self.contentSecurityPolicy = contentSecurityPolicy
  }
}
