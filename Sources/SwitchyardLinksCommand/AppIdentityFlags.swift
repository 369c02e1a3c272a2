#if Links
  import ArgumentParser
  import SwitchyardLinks

  extension LinksCommand {
    /// `--app-name`, `--app-icon` and `--theme-color`, checked as the landing page takes them:
    /// a name of plain text on one line, an `https` URL, a colour `#RGB` or `#RRGGBB`.
    func validateAppIdentity() throws {
      if let appName,
        appName.trimmingWhitespace().isEmpty || appName.count > 100
          || appName.unicodeScalars.contains(where: {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          })
      {
        throw ValidationError(
          "--app-name must be 1 to 100 characters of plain text on one line, not '\(appName)'")
      }
      if let appIcon {
        let bytes = Array(appIcon.utf8)
        let scheme = Array("https://".utf8)
        guard bytes.count > scheme.count, bytes.count <= 2048,
          bytes.prefix(scheme.count).map({ $0 | 0x20 }) == scheme.map({ $0 | 0x20 }),
          let host = bytes.dropFirst(scheme.count).first,
          host != UInt8(ascii: "/"), host != UInt8(ascii: "\\"),
          bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") })
        else {
          throw ValidationError(
            "--app-icon must be an https URL with a host and no spaces, not '\(appIcon)'")
        }
      }
      if let themeColor, !AppIdentity.isThemeColor(themeColor) {
        throw ValidationError(
          "--theme-color must be a colour written #RGB or #RRGGBB (like #0a7c4a), not '\(themeColor)'"
        )
      }
    }
  }
#endif
