import SwitchyardFiles

/// Links read from a CSV file for `switchyard-links import`: the service's own layout
/// (`short,long[,title,description,image]`) or the columns of a Firebase Dynamic Links or a
/// Branch export, each long URL checked against the table as a mint checks it.
///
/// Reading keeps every row's problem, with its line, so that one run reports them all; the
/// command writes nothing unless there are none.
package struct LinkImport: Sendable {
  /// The column layouts read.
  package enum Layout: String, Sendable {
    /// `short,long[,title,description,image]`, with or without that header line.
    case switchyard
    /// Firebase Dynamic Links: `Short Dynamic Link`, `Deep link`, `Long Dynamic Link`.
    case firebase
    /// Branch: `url`, `alias`, `$canonical_url`, `$desktop_url`, `$fallback_url`, `$og_*`.
    case branch
  }

  /// A row that cannot be imported: its line in the file (1-based), its row among the data
  /// rows (1-based, the header not counted; 0 for a problem of the whole file) and why.
  package struct Problem: Sendable, Hashable, CustomStringConvertible {
    package var line: Int
    package var reason: String
    package var row = 0
    package var description: String { "\(line): \(reason)" }
  }

  /// The layout the file was read with.
  package var layout: Layout
  /// The links, in file order (when there are no problems).
  package var records: [LinkRecord]
  /// The line of each of ``records``.
  package var lines: [Int]
  /// The row of each of ``records`` among the data rows (1-based, the header not counted).
  package var rows: [Int] = []
  /// Every row's problem, in file order.
  package var problems: [Problem]
  /// The paths the short links of the file live under, as `--prefix` writes them (`/` for
  /// `https://example.page.link/CODE`, `/links/` for `https://example.com/links/CODE`), in the
  /// order first seen; empty when the file gives codes alone.
  package var shortLinkPrefixes: [String] = []

  /// Reads `text`, a CSV file, checking each long URL with `minter`; `created` is the links'
  /// creation time (seconds since 1970). `prefix` is the service's `--prefix`: at `/`, a code
  /// equal to one of the service's own paths (`admin`, `healthz`, `v1`) is refused.
  package init(_ text: String, minter: LinkMinter, created: Int64, prefix: String = "/l/") {
    records = []
    lines = []
    problems = []
    let rows: [CSVRow]
    do {
      rows = try CSVRow.parse(text)
    } catch {
      layout = .switchyard
      problems = [Problem(line: error.line, reason: error.reason)]
      return
    }
    guard let first = rows.first else {
      layout = .switchyard
      problems = [Problem(line: 1, reason: "the file has no rows")]
      return
    }
    let header = first.fields.map { $0.trimmed.lowercased() }
    let columns: Columns
    var data = rows[...]
    if header.contains("short dynamic link") {
      layout = .firebase
      columns = Columns(header: header)
      data = data.dropFirst()
    } else if header.contains("url"), header.contains(where: { $0.hasPrefix("$") }) {
      layout = .branch
      columns = Columns(header: header)
      data = data.dropFirst()
    } else {
      layout = .switchyard
      columns = Columns(header: [])
      if header.count >= 2, header[0] == "short", header[1] == "long" { data = data.dropFirst() }
    }
    if layout == .firebase, columns["short dynamic link"] == nil {
      problems.append(Problem(line: first.line, reason: "no \"Short Dynamic Link\" column"))
    }
    var seen: [String: Int] = [:]
    var rowNumber = 0
    for row in data where !(row.fields.count == 1 && row.fields[0].trimmed.isEmpty) {
      rowNumber += 1
      do {
        let fields = try fields(of: row, columns, minter: minter)
        guard let (code, path) = Self.codeAndPrefix(fields.short) else {
          throw Problem(
            line: row.line,
            reason: "the short link \(JSONEscaping.quote(fields.short)) has no code of 1 to 64 "
              + "of the characters A-Z a-z 0-9 _ -")
        }
        if let reason = LinksConfiguration.reservation(of: code, prefix: prefix) {
          throw Problem(line: row.line, reason: reason)
        }
        if let path, !shortLinkPrefixes.contains(path) { shortLinkPrefixes.append(path) }
        if let earlier = seen[code] {
          throw Problem(
            line: row.line, reason: "the code \(code) is on line \(earlier) already")
        }
        seen[code] = row.line
        let resolved: LinkMinter.Resolved
        do {
          resolved = try minter.resolve(.url(fields.long))
        } catch {
          throw Problem(line: row.line, reason: error.message)
        }
        records.append(
          LinkRecord(
            code: code, url: resolved.url, route: resolved.route,
            values: resolved.values.map { ($0.name, $0.value) }, title: fields.title,
            description: fields.description, image: fields.image, created: created))
        lines.append(row.line)
        self.rows.append(rowNumber)
      } catch var problem as Problem {
        problem.row = rowNumber
        problems.append(problem)
      } catch {
        problems.append(Problem(line: row.line, reason: "\(error)", row: rowNumber))
      }
    }
    if problems.isEmpty, records.isEmpty {
      problems.append(Problem(line: first.line, reason: "the file has no links"))
    }
  }

  /// One row's parts, checked as a mint checks its fields.
  struct Fields {
    var short: String
    var long: String
    var title: String?
    var description: String?
    var image: String?
  }

  /// Header names (lower case) to their indices.
  struct Columns {
    var indices: [String: Int] = [:]
    init(header: [String]) {
      for (index, name) in header.enumerated() where indices[name] == nil {
        indices[name] = index
      }
    }
    subscript(name: String) -> Int? { indices[name] }
  }

  func fields(of row: CSVRow, _ columns: Columns, minter: LinkMinter) throws -> Fields {
    func value(_ name: String) -> String? {
      guard let index = columns[name], index < row.fields.count else { return nil }
      let text = row.fields[index].trimmed
      return text.isEmpty ? nil : text
    }
    var fields: Fields
    switch layout {
    case .switchyard:
      guard (2...5).contains(row.fields.count) else {
        throw Problem(
          line: row.line,
          reason: "\(row.fields.count) columns; a row is short,long[,title,description,image]")
      }
      func at(_ index: Int) -> String? {
        guard index < row.fields.count else { return nil }
        let text = row.fields[index].trimmed
        return text.isEmpty ? nil : text
      }
      fields = Fields(
        short: at(0) ?? "", long: at(1) ?? "", title: at(2), description: at(3), image: at(4))
    case .firebase:
      // The deep link, else the `link` of the long link; the preview from its `st`, `sd`, `si`.
      let long = value("long dynamic link").map(Self.queryItems) ?? [:]
      fields = Fields(
        short: value("short dynamic link") ?? "", long: value("deep link") ?? long["link"] ?? "",
        title: long["st"], description: long["sd"], image: long["si"])
    case .branch:
      var long = value("$canonical_url") ?? value("$desktop_url") ?? value("$fallback_url")
      // A row with only the app's path: the URL of the table's that routes it.
      if long == nil, let path = value("$deeplink_path") {
        long = try Self.deepLink(path, minter: minter, line: row.line)
      }
      fields = Fields(
        short: value("alias") ?? value("url") ?? "", long: long ?? "",
        title: value("$og_title"), description: value("$og_description"),
        image: value("$og_image_url"))
    }
    guard !fields.long.isEmpty else {
      throw Problem(line: row.line, reason: "the row has no long URL")
    }
    for (name, text) in [("title", fields.title), ("description", fields.description)] {
      guard let text else { continue }
      if text.utf8.count > LinkMintRequest.maximumTextLength {
        throw Problem(
          line: row.line,
          reason: "the \(name) is over \(LinkMintRequest.maximumTextLength) bytes")
      }
      if LinkMintRequest.containsMarkup(text) {
        throw Problem(
          line: row.line, reason: "the \(name) must be plain text, not HTML markup (it has a tag)")
      }
      if text.unicodeScalars.contains(where: LinkMintRequest.isControl) {
        throw Problem(line: row.line, reason: "the \(name) contains a control character")
      }
    }
    if let image = fields.image, !LinkMintRequest.isHTTPSURL(image) {
      throw Problem(line: row.line, reason: "the image must be an https URL with a host")
    }
    return fields
  }

  /// The code of a short link (the text itself, or the last path segment of a URL) and, for a URL, the path before it (`/`, or `/links/` for an
  /// FDL custom domain's `https://example.com/links/CODE`); `nil` when there is no valid code.
  static func codeAndPrefix(_ short: String) -> (code: String, prefix: String?)? {
    guard let scheme = short.firstRange(of: "://") else {
      return LinkCode.isValid(short) ? (short, nil) : nil
    }
    let rest = short[scheme.upperBound...]
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    var path = rest[slash...]
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    guard let last = path.lastIndex(of: "/") else { return nil }
    let code = path[path.index(after: last)...]
    let prefix = path[...last]
    guard LinkCode.isValid(code), !prefix.contains("//") else { return nil }
    return (String(code), String(prefix))
  }

  /// The long URL of a Branch row that gives only `$deeplink_path` (`product/42`): the path
  /// put after each of the app's own schemes the table names (its accepted origins', then its
  /// routes': `myapp://product/42`), then after each web host it names
  /// (`https://shop.example.com/product/42`), in the table's order; the first URL a route of
  /// the table handles, by the mint's check.
  static func deepLink(_ path: String, minter: LinkMinter, line: Int) throws -> String {
    var trimmed = Substring(path)
    while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
    guard !trimmed.isEmpty else {
      throw Problem(line: line, reason: "the $deeplink_path is empty")
    }
    let appOrigins = minter.appSchemes.map { $0 + "://" }
    // The web hosts the table names as they are (a wildcard names no one host).
    let webOrigins = AppleAppSiteAssociation.hosts(in: minter.table)
      .filter { !$0.hasPrefix("*") }.map { "https://" + $0.lowercased() + "/" }
    let candidates = (appOrigins + webOrigins).map { $0 + trimmed }
    for candidate in candidates {
      if let resolved = try? minter.resolve(.url(candidate)) { return resolved.url }
    }
    throw Problem(
      line: line,
      reason: "no route of the table handles the $deeplink_path \(JSONEscaping.quote(path))"
        + (candidates.isEmpty
          ? "" : " (tried " + candidates.prefix(5).joined(separator: ", ") + ")"))
  }

  /// The query of `url`, each value percent-decoded (`+` as a space); the last of a name wins.
  static func queryItems(_ url: String) -> [String: String] {
    guard let question = url.firstIndex(of: "?") else { return [:] }
    var query = url[url.index(after: question)...]
    if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
    var items: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { continue }
      items[percentDecoded(parts[0])] = percentDecoded(parts[1])
    }
    return items
  }

  static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
        let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        iterator = iterator.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension LinkImport {
  /// The row (among the data rows) of the record read from `line`; 0 when none was.
  package func row(ofLine line: Int) -> Int {
    lines.firstIndex(of: line).map { rows[$0] } ?? 0
  }
}

extension LinkImport.Problem: Error {}

/// One record of a CSV file (RFC 4180: quoted fields may hold commas, quotes as `""`, and line
/// breaks) and the line it starts on.
struct CSVRow: Sendable, Hashable {
  var line: Int
  var fields: [String]

  struct Failure: Error {
    var line: Int
    var reason: String
  }

  /// The records of `text`; a leading byte-order mark is skipped, lines end in LF or CRLF.
  static func parse(_ text: String) throws(Failure) -> [CSVRow] {
    var rows: [CSVRow] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = 1
    var start = 1
    var quoted = false
    var quoteLine = 0
    var bytes = Array(text.utf8)[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    var atFieldStart = true
    // A quoted field has ended: only a comma or the line's end may follow.
    var closed = false
    func endRecord() {
      fields.append(String(decoding: field, as: UTF8.self))
      rows.append(CSVRow(line: start, fields: fields))
      fields = []
      field = []
    }
    while let byte = bytes.popFirst() {
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if bytes.first == UInt8(ascii: "\"") {
            field.append(byte)
            bytes = bytes.dropFirst()
          } else {
            quoted = false
            closed = true
          }
        } else {
          if byte == UInt8(ascii: "\n") { line += 1 }
          field.append(byte)
        }
        continue
      }
      if closed, byte != UInt8(ascii: ","), byte != UInt8(ascii: "\n"),
        byte != UInt8(ascii: "\r") || bytes.first != UInt8(ascii: "\n")
      {
        throw Failure(line: line, reason: "text after a quoted field's closing quote")
      }
      closed = false
      switch byte {
      case UInt8(ascii: "\""):
        guard atFieldStart else {
          throw Failure(line: line, reason: "a quote inside an unquoted field")
        }
        quoted = true
        quoteLine = line
        atFieldStart = false
      case UInt8(ascii: ","):
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
        atFieldStart = true
      case UInt8(ascii: "\r") where bytes.first == UInt8(ascii: "\n"):
        break
      case UInt8(ascii: "\n"):
        endRecord()
        line += 1
        start = line
        atFieldStart = true
      default:
        field.append(byte)
        atFieldStart = false
      }
    }
    if quoted { throw Failure(line: quoteLine, reason: "a quoted field is not closed") }
    if !field.isEmpty || !fields.isEmpty { endRecord() }
    return rows
  }
}

extension String {
  /// Without spaces and tabs at either end.
  fileprivate var trimmed: String {
    let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" }
    let kept = scalars.reversed().drop { $0 == " " || $0 == "\t" }
    return String(String.UnicodeScalarView(kept.reversed()))
  }
}
