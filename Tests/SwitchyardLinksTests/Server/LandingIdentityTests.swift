#if Links
  import Foundation
  import HTTPTypes
  @testable import SwitchyardLinks
  import Testing

  /// The landing page as the service serves it: the app's identity from the configuration, the
  /// language from `Accept-Language`, in-app browsers, and the flags that set them.
  @Suite("The service's landing page: identity, language, in-app browsers, flags", .serialized)
  struct LandingIdentityTests {
    static func get(
      _ client: HTTPClient, _ path: String, userAgent: String, language: String? = nil
    ) async throws -> HTTPAnswer {
      var headers = HTTPFields()
      headers[.userAgent] = userAgent
      if let language { headers[.acceptLanguage] = language }
      return try await client.send(.get, path, headers: headers)
    }

    @Test(
      "identity and language on the page; Vary names Accept-Language; the policy has the theme's hash"
    )
    func identityAndLanguage() async throws {
      try await LinksTestServer.run(configure: {
        $0.app = AppIdentity(
          name: "Shop <1>", iconURL: "https://cdn.example.com/icon.png", themeColor: "#0a7c4a")
      }) { client, _, _ in
        let minted = try await client.mint(#"{"url": "myapp://user/42", "code": "u42"}"#)
        #expect(minted.status == .created)
        for agent in [AppIdentityTests.safari, AppIdentityTests.chromeAndroid] {
          let german = try await Self.get(
            client, "/l/u42", userAgent: agent, language: "de-DE,en;q=0.5")
          #expect(german.status == .ok)
          #expect(german.body.contains("<html lang=\"de\">"))
          #expect(german.body.contains(">In Shop &lt;1&gt; öffnen</a>"))
          #expect(german.body.contains("<img src=\"https://cdn.example.com/icon.png\""))
          #expect(german.body.contains("<meta name=\"theme-color\" content=\"#0a7c4a\">"))
          #expect(german.headers[.vary] == "User-Agent, Accept-Language")
          let style = try #require(AppIdentity(themeColor: "#0a7c4a").themeStyle)
          let hash = try #require(AppIdentity.styleHash(style))
          #expect(german.headers[.contentSecurityPolicy]?.contains("'\(hash)'") == true)
          let english = try await Self.get(client, "/l/u42", userAgent: agent)
          #expect(english.body.contains("<html lang=\"en\">"))
          #expect(english.body.contains(">Open in Shop &lt;1&gt;</a>"))
        }
      }
    }

    @Test("in-app browsers: intent: on Android, the table's app scheme on iOS for a web link")
    func inAppBrowsers() async throws {
      try await LinksTestServer.run { client, _, _ in
        // A path-only route under the table's accepted origins myapp and https://example.com.
        let minted = try await client.mint(
          #"{"url": "https://example.com/account/orders", "code": "orders"}"#)
        #expect(minted.status == .created, "\(minted.body)")
        let instagram = try await Self.get(
          client, "/l/orders", userAgent: AppIdentityTests.instagramIOS)
        #expect(
          instagram.body.contains("<a class=\"button primary\" href=\"myapp://account/orders\">"))
        let safari = try await Self.get(client, "/l/orders", userAgent: AppIdentityTests.safari)
        #expect(
          safari.body.contains(
            "<a class=\"button primary\" href=\"https://example.com/account/orders\">"))
        let facebook = try await Self.get(
          client, "/l/orders", userAgent: AppIdentityTests.facebookAndroid)
        #expect(
          facebook.body.contains(
            "href=\"intent://example.com/account/orders#Intent;scheme=https;package=com.example.myapp;S.browser_fallback_url=https%3A%2F%2Fexample.com%2Faccount%2Forders;end\""
          ))
        let chrome = try await Self.get(
          client, "/l/orders", userAgent: AppIdentityTests.chromeAndroid)
        #expect(!chrome.body.contains("intent:"))
        // Twice in a row, from the cache of rendered pages, each visitor still gets its own.
        let again = try await Self.get(
          client, "/l/orders", userAgent: AppIdentityTests.chromeAndroid)
        #expect(!again.body.contains("intent:"))
        let facebookAgain = try await Self.get(
          client, "/l/orders", userAgent: AppIdentityTests.facebookAndroid)
        #expect(facebookAgain.body.contains("href=\"intent://"))
      }
    }

    @Test("--app-name, --app-icon, --theme-color: checked at the start, exit 2 with one line")
    func flags() async throws {
      let folder = try temporaryFolder()
      for arguments in [
        ["--theme-color", "red"], ["--theme-color", "#12345"], ["--theme-color", "#fff\" x"],
        ["--app-icon", "http://cdn.example.com/i.png"], ["--app-icon", "javascript:alert(1)"],
        ["--app-icon", "https:///i.png"], ["--app-name", "two\nlines"], ["--app-name", " "],
      ] {
        let process = Process()
        process.executableURL = LinksProcess.binary
        process.arguments = arguments + ["--host", "go.example.com", "--port", "0"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(
          decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(arguments)")
        #expect(text.hasPrefix("error: --") && text.split(separator: "\n").count == 1, "\(text)")
      }
      let server = try LinksProcess(
        [
          "--host", "go.example.com", "--app-name", "Shop", "--app-icon",
          "https://cdn.example.com/icon.png", "--theme-color", "#0A7C4A",
        ], in: folder)
      defer { server.kill() }
      #expect(try await HTTPClient(port: server.port).get("/healthz").status == .ok)
    }
  }
#endif
