#if Links
  import Foundation
  import Testing

  @testable import SwitchyardLinks

  /// The landing page with the app's identity (name, icon, theme colour), in the visitor's
  /// language, and with a way into the installed app from in-app browsers.
  @Suite("Landing page: the app's name, icon and colour; Accept-Language; in-app browsers")
  struct AppIdentityTests {
    static let instagramIOS =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 337.0.3.23.54 (iPhone14,5; iOS 17_5; en_US)"
    static let facebookIOS =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.40.98;FBBV/614434414]"
    static let facebookAndroid =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240605.024; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/470.0.0.43.108;]"
    static let tikTokAndroid =
      "Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36 musical_ly_2023405020 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/34.5.2 ByteLocale/en"
    static let safari =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
    static let chromeAndroid =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36"

    static func stores(_ app: AppIdentity) -> StoreLinks {
      StoreLinks(appStoreID: "1234567890", androidPackage: "com.example.shop", app: app)
    }

    @Test("the name and the icon, each escaped for where it goes; only an https icon")
    func nameAndIcon() {
      let html = LinkPages.landing(
        samplePreview(), for: .iOSBrowser,
        stores: Self.stores(
          AppIdentity(
            name: "<b>Shop</b> & \"Co\"", iconURL: "https://cdn.example.com/i.png?a=1&b=\"2")))
      #expect(
        html.contains(
          "<div class=\"app\"><img src=\"https://cdn.example.com/i.png?a=1&amp;b=&quot;2\" alt=\"\" width=\"48\" height=\"48\"><span>&lt;b&gt;Shop&lt;/b&gt; &amp; &quot;Co&quot;</span></div>"
        ))
      #expect(html.contains(">Open in &lt;b&gt;Shop&lt;/b&gt; &amp; &quot;Co&quot;</a>"))
      #expect(!html.contains("<b>"))
      for icon in [
        "http://cdn.example.com/i.png", "javascript:alert(1)", "data:image/png;base64,AA",
        "https:///i.png",
      ] {
        let page = LinkPages.landing(
          samplePreview(), for: .iOSBrowser, stores: Self.stores(AppIdentity(iconURL: icon)))
        #expect(!page.contains("class=\"app\""), "\(icon)")
      }
      // Without a name: "Open in the app", as before.
      let plain = LinkPages.landing(samplePreview(), for: .iOSBrowser, stores: sampleStores)
      #expect(plain.contains(">Open in the app</a>") && !plain.contains("class=\"app\""))
    }

    @Test(
      "a colour is #RGB or #RRGGBB, nothing else",
      arguments: [
        ("#0a7c4a", true), ("#FFF", true), ("#abcdef", true), ("red", false), ("#12", false),
        ("#1234", false), ("#12345g", false), ("#fff;}", false), ("#ffffff\" x", false),
        ("0a7c4a", false), ("#0a7c4a ", false), ("rgb(1,2,3)", false), ("", false),
        ("#ｆｆｆ", false),
      ])
    func themeColors(color: String, valid: Bool) {
      #expect(AppIdentity.isThemeColor(color) == valid)
      let html = LinkPages.landing(
        samplePreview(), for: .androidBrowser, stores: Self.stores(AppIdentity(themeColor: color)))
      #expect(html.contains("<meta name=\"theme-color\"") == valid)
      #expect(html.contains("<style>:root{--accent:") == valid)
      #expect(html.contains(LinkPages.metaContentSecurityPolicy + "\"") == !valid)
    }

    @Test("the theme colour: browser bar, button, readable text on it, and its style's hash")
    func themeStyle() throws {
      let dark = AppIdentity(themeColor: "#0A7C4A")
      let html = LinkPages.landing(samplePreview(), for: .androidBrowser, stores: Self.stores(dark))
      #expect(html.contains("<meta name=\"theme-color\" content=\"#0a7c4a\">"))
      let style = try #require(dark.themeStyle)
      #expect(style == ":root{--accent:#0a7c4a;--on-accent:#fff}")
      #expect(html.contains("<style>\(style)</style>"))
      #expect(
        AppIdentity(themeColor: "#ff0").themeStyle == ":root{--accent:#ffff00;--on-accent:#000}")
      #expect(AppIdentity(themeColor: "#777").themeStyle?.hasSuffix("--on-accent:#000}") == true)
      #expect(AppIdentity(themeColor: "#595959").themeStyle?.hasSuffix("--on-accent:#fff}") == true)
      // The hash the policy names, recomputed with the system's SHA-256 tool.
      let hash = try #require(AppIdentity.styleHash(style))
      #expect(hash == "sha256-" + (try Self.sha256Base64(style)))
      let policy = LinkPages.landingContentSecurityPolicy(
        stores: Self.stores(dark), installScript: false)
      #expect(policy.contains("style-src '\(LinkPages.styleHash)' '\(hash)';"))
      #expect(policy.hasSuffix("; frame-ancestors 'none'"))
      #expect(
        html.contains(
          "content=\"" + policy.replacingOccurrences(of: "; frame-ancestors 'none'", with: "")
            + "\""))
      let withScript = LinkPages.landingContentSecurityPolicy(
        stores: Self.stores(dark), installScript: true)
      #expect(withScript.contains("script-src '\(LinkPages.getAppScriptHash)'"))
      #expect(
        LinkPages.landingContentSecurityPolicy(stores: sampleStores, installScript: false)
          == LinkPages.contentSecurityPolicy)
      #expect(
        LinkPages.landingContentSecurityPolicy(stores: sampleStores, installScript: true)
          == LinkPages.installContentSecurityPolicy)
    }

    static func sha256Base64(_ text: String) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")
        ? ["sha256sum"] : ["shasum", "-a", "256"]
      let (input, output) = (Pipe(), Pipe())
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      input.fileHandleForWriting.write(Data(text.utf8))
      try input.fileHandleForWriting.close()
      let hex = Array(
        String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(
          64))
      process.waitUntilExit()
      var digest = Data()
      for index in stride(from: 0, to: 64, by: 2) {
        digest.append(try #require(UInt8(String(hex[index...index + 1]), radix: 16)))
      }
      return digest.base64EncodedString()
    }

    @Test(
      "Accept-Language picks the language: quality values, subtags, *, nonsense",
      arguments: [
        (nil, "en"), ("de", "de"), ("de-AT,en;q=0.5", "de"), ("fr-CH, de;q=0.8, en;q=0.5", "de"),
        ("en;q=0.2, de;q=0.9", "de"), ("de;q=0, en", "en"), ("de;q=0", "en"), ("*", "en"),
        ("fr", "en"), ("EN-gb", "en"), ("DE", "de"), (";;,,q=", "en"), ("de;q=1.5", "en"),
        ("en, de", "en"), ("de;q=0.5, en;q=0.5", "de"), ("de;q=0.001", "de"),
      ] as [(String?, String)])
    func languages(header: String?, language: String) {
      #expect(LandingTexts.language(acceptLanguage: header) == language)
    }

    @Test("every language's page: its lang and its own texts, the app's name in them")
    func everyLanguage() throws {
      try #require(LandingTexts.all.count >= 2)
      for texts in LandingTexts.all {
        let html = LinkPages.landing(
          samplePreview(), for: .other, stores: Self.stores(AppIdentity(name: "Shop")),
          acceptLanguage: texts.language)
        #expect(html.contains("<html lang=\"\(texts.language)\">"))
        for text in [
          texts.openIn("Shop"), texts.downloadOnTheAppStore, texts.getItOnGooglePlay,
          texts.continueOnTheWeb,
        ] {
          #expect(html.contains(">\(text)</a>"), "\(texts.language): \(text)")
        }
        let ios = LinkPages.landing(
          samplePreview(), for: .iOSBrowser, stores: sampleStores,
          installToken: "AQAAAABrSgqAbWFkZS11cC10b2tlbi1mb3ItdGhlLXBhZ2U",
          acceptLanguage: texts.language)
        #expect(ios.contains(">\(texts.getTheApp)</a>") && ios.contains(texts.getTheAppNote))
        #expect(ios.contains(">\(texts.openInTheApp)</a>"))
      }
      let german = LinkPages.landing(
        samplePreview(), for: .androidBrowser, stores: sampleStores, acceptLanguage: "de-DE")
      #expect(
        german.contains(">In der App öffnen</a>") && german.contains(">Jetzt bei Google Play</a>"))
    }

    @Test("in-app browsers are told from browsers by their user agent")
    func inAppDetection() {
      #expect(InAppBrowsers.app(userAgent: Self.instagramIOS) == "Instagram")
      #expect(InAppBrowsers.app(userAgent: Self.facebookIOS) == "Facebook")
      #expect(InAppBrowsers.app(userAgent: Self.facebookAndroid) == "Facebook")
      #expect(InAppBrowsers.app(userAgent: Self.tikTokAndroid) == "TikTok")
      #expect(
        InAppBrowsers.app(
          userAgent:
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.2"
        )
          == "LinkedIn")
      #expect(InAppBrowsers.app(userAgent: Self.safari) == nil)
      #expect(InAppBrowsers.app(userAgent: Self.chromeAndroid) == nil)
      #expect(InAppBrowsers.app(userAgent: "Pipeline/1.0 (Android)") == nil)
      #expect(InAppBrowsers.app(userAgent: nil) == nil)
    }

    @Test(
      "Android's in-app browser: an intent: URL naming the package, falling back to the web page")
    func androidIntent() {
      #expect(
        InAppBrowsers.intentURL(
          "https://shop.example.com/product/42?a=1&b=2", package: "com.example.shop",
          fallback: "https://shop.example.com/product/42?a=1&b=2")
          == "intent://shop.example.com/product/42?a=1&b=2#Intent;scheme=https;package=com.example.shop;S.browser_fallback_url=https%3A%2F%2Fshop.example.com%2Fproduct%2F42%3Fa%3D1%26b%3D2;end"
      )
      #expect(
        InAppBrowsers.intentURL("myapp://user/42", package: "com.example.shop", fallback: nil)
          == "intent://user/42#Intent;scheme=myapp;package=com.example.shop;end")
      #expect(
        InAppBrowsers.intentURL("myapp://help#x", package: "com.example.shop", fallback: nil) == nil
      )
      #expect(
        InAppBrowsers.intentURL("myapp://user/1", package: "not a package", fallback: nil) == nil)

      let preview = samplePreview(longURL: "https://example.com/posts/hello-world?a=1&b=2")
      let inApp = LinkPages.landing(
        preview, for: .androidBrowser, stores: sampleStores, inAppBrowser: true)
      #expect(
        inApp.contains(
          "<a class=\"button primary\" href=\"intent://example.com/posts/hello-world?a=1&amp;b=2#Intent;scheme=https;package=com.example.shop;S.browser_fallback_url=https%3A%2F%2Fexample.com%2Fposts%2Fhello-world%3Fa%3D1%26b%3D2;end\">Open in the app</a>"
        ))
      // The Play button and the web link stay as they are.
      #expect(
        inApp.contains("href=\"https://play.google.com/store/apps/details?id=com.example.shop\""))
      #expect(
        inApp.contains(
          "<a class=\"web\" href=\"https://example.com/posts/hello-world?a=1&amp;b=2\">"))
      // An app's URL without a web page falls back to Google Play.
      let appOnly = LinkPages.landing(
        LinkPreview(
          title: "User", shortLink: "https://links.example.com/l/u", longURL: "myapp://user/42"),
        for: .androidBrowser,
        stores: StoreLinks(androidPackage: "com.example.shop", appSchemes: ["myapp"]),
        inAppBrowser: true)
      #expect(
        appOnly.contains(
          "href=\"intent://user/42#Intent;scheme=myapp;package=com.example.shop;S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dcom.example.shop;end\""
        ))
      // A browser of its own keeps the universal link; without a package there is no intent.
      let browser = LinkPages.landing(preview, for: .androidBrowser, stores: sampleStores)
      #expect(!browser.contains("intent:"))
      let noPackage = LinkPages.landing(
        preview, for: .androidBrowser, stores: StoreLinks(appStoreID: "1"), inAppBrowser: true)
      #expect(!noPackage.contains("intent:"))
    }

    @Test(
      "iOS's in-app browser: the app's own scheme when there is one, never a web or unsafe scheme")
    func iOSScheme() {
      var preview = samplePreview()
      preview.appSchemeURL = "myapp://posts/hello-world?x=\"1\""
      let inApp = LinkPages.landing(
        preview, for: .iOSBrowser, stores: sampleStores, inAppBrowser: true)
      #expect(
        inApp.contains(
          "<a class=\"button primary\" href=\"myapp://posts/hello-world?x=&quot;1&quot;\">"))
      let browser = LinkPages.landing(preview, for: .iOSBrowser, stores: sampleStores)
      #expect(
        browser.contains(
          "<a class=\"button primary\" href=\"https://example.com/posts/hello-world\">"))
      for unsafe in [
        "javascript:alert(1)", "https://evil.example/", "data:text/html,x", "my app://x",
      ] {
        preview.appSchemeURL = unsafe
        let page = LinkPages.landing(
          preview, for: .iOSBrowser, stores: sampleStores, inAppBrowser: true)
        #expect(
          page.contains(
            "<a class=\"button primary\" href=\"https://example.com/posts/hello-world\">"),
          "\(unsafe)")
      }
    }
  }
#endif
