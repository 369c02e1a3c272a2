#if Links
  import Foundation
  import HTTPTypes
  import SwitchyardFiles
  import SwitchyardLinks
  import Testing

  /// `--prefix /`: codes served at the root, as `https://example.page.link/CODE` served them,
  /// while the service's own paths keep theirs.
  @Suite("--prefix /: short links at the root beside /healthz, /admin, /v1/… and /.well-known/…")
  struct RootPrefixTests {
    static let desktop = "curl/8.5.0"

    @Test("codes at /, the service's paths answered as before, their codes refused")
    func root() async throws {
      try await LinksTestServer.run(configure: { $0.prefix = "/" }) { client, _, _ in
        let minted = try await client.mint(#"{"url": "myapp://user/42", "code": "m9Mm"}"#)
        #expect(minted.status == .created, "\(minted.body)")
        #expect(minted.body.contains(#""link":"https://go.example.com/m9Mm""#))
        let visit = try await client.get("/m9Mm", userAgent: Self.desktop)
        #expect(visit.status == .ok || visit.status == .found)
        let info = try await client.get("/v1/links/m9Mm")
        #expect(info.status == .ok && info.body.contains(#""url":"myapp://user/42""#))
        #expect(try await client.get("/healthz").status == .ok)
        #expect(try await client.get("/v1/openapi.json").status == .ok)
        // The admin page asks to sign in: it is not a short link.
        #expect(try await client.get("/admin").body.contains("action=\"/admin/session\""))
        // A code that no link has is the "not found" page; a deeper path is no short link.
        let unknown = try await client.get("/nothing", userAgent: Self.desktop)
        #expect(unknown.status == .notFound && unknown.body.contains("Link not found"))
        let deeper = try await client.get("/a/b", userAgent: Self.desktop)
        #expect(deeper.status == .notFound && deeper.body.hasPrefix("{"))
        #expect(try await client.send(.post, "/m9Mm").status == .methodNotAllowed)
        for code in ["admin", "healthz", "v1"] {
          let refused = try await client.mint(
            #"{"url": "myapp://user/1", "code": "\#(code)"}"#)
          #expect(refused.status == .badRequest, "\(code): \(refused.body)")
          #expect(refused.body.contains(#""field":"code""#))
          #expect(refused.body.contains("the service's own path /\(code)"))
        }
        // The association file keeps the service's own paths out of the app, before "/*".
        let association = try await client.get("/.well-known/apple-app-site-association")
        #expect(association.status == .ok)
        let file = try AppleAppSiteAssociation(json: association.body)
        #expect(file.opens("https://go.example.com/m9Mm"))
        for path in ["/admin", "/healthz", "/v1/links", "/v1/openapi.json", "/admin/x"] {
          #expect(!file.opens("https://go.example.com" + path), "\(path)")
        }
      }
    }

    @Test("under /l/ the same codes are anyone's")
    func underAPrefix() async throws {
      try await LinksTestServer.run { client, _, _ in
        let minted = try await client.mint(#"{"url": "myapp://user/1", "code": "admin"}"#)
        #expect(minted.status == .created, "\(minted.body)")
      }
    }

    @Test("switchyard-links --prefix / starts; /v1/ and no slash are still refused")
    func theFlag() async throws {
      let folder = try temporaryFolder()
      let server = try LinksProcess(["--prefix", "/", "--host", "go.example.com"], in: folder)
      defer { server.kill() }
      #expect(try await HTTPClient(port: server.port).get("/healthz").status == .ok)
      for prefix in ["/v1/", "l", "/.well-known/x/"] {
        let process = Process()
        process.executableURL = LinksProcess.binary
        process.arguments = ["--prefix", prefix, "--host", "go.example.com", "--port", "0"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "--prefix \(prefix)")
      }
    }
  }
#endif
