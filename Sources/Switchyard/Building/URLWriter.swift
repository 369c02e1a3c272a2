/// The one buffer a built URL is written into, with what the check after it needs: which of
/// the captures that may be empty were, where the query is, and (when `recording`) every
/// capture's printed text.
///
/// Path segments are written as they come: a segment's `/` is written when it starts, and for
/// a scheme that reads its host as a path segment the first segment takes the host position
/// (no `/` before it, `:` and `@` escaped, the port after it).
struct URLWriter {
  private(set) var bytes: [UInt8] = []
  /// Whether ``printed`` is kept (the full check compares it with what matching reads).
  let recording: Bool
  /// The text each capture printed, by name; only when ``recording``.
  private(set) var printed: [String: URLBuilder.Printed] = [:]
  /// The values with no capture, as printed: name and texts, in order.
  var extras: [(name: String, texts: [String])] = []
  /// How many captures found their value (``value(of:in:)``).
  private(set) var capturesGiven = 0
  /// One bit per capture that may print empty (a `*`, a query or fragment capture), in the
  /// order they print, set when it did.
  private(set) var empties: UInt64 = 0
  private var emptiable = 0
  /// Where `?` is, once the query has started.
  private(set) var queryStart: Int? = nil
  private var queryEnd: Int? = nil
  /// Query pieces of the pattern's own requirements (they come before the values with no
  /// capture).
  private var requirementPieces = 0

  private var hostPosition = false
  private var port: Int? = nil
  private var segments = 0
  private var inSegment = false

  init(recording: Bool) {
    self.recording = recording
  }

  /// The URL written.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether ``empties`` tells every capture that may be empty apart (at most 64 of them).
  var emptiesFit: Bool { emptiable <= UInt64.bitWidth }

  mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

  mutating func append(ascii: Unicode.Scalar) { bytes.append(UInt8(ascii: ascii)) }

  mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// Bytes printed as they are (already escaped for their place).
  mutating func append(_ printed: ArraySlice<UInt8>) { bytes.append(contentsOf: printed) }

  /// `:` and the port in decimal.
  mutating func appendPort(_ port: Int) {
    append(ascii: ":")
    let start = bytes.count
    var rest = port.magnitude
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    if port < 0 { append(ascii: "-") }
    bytes[start...].reverse()
  }

  mutating func appendLiteral(_ byte: UInt8, escaped: Bool, in place: URLBuilder.Place) {
    URLBuilder.appendLiteral(byte, escaped: escaped, in: place, to: &bytes)
  }

  mutating func appendEscaped(_ text: some StringProtocol, in place: URLBuilder.Place) {
    URLBuilder.appendEscaped(text, in: place, to: &bytes)
  }

  /// The value given for the capture `name`, counted when there is one.
  mutating func value(of name: String, in values: URLBuilder.Values) -> BuildValue? {
    guard let value = values[name] else { return nil }
    capturesGiven += 1
    return value.buildValue
  }

  /// Notes the text a capture printed.
  mutating func record(_ name: String, type: CaptureType, text: String, mayBeEmpty: Bool) {
    if mayBeEmpty {
      if text.isEmpty && emptiable < UInt64.bitWidth { empties |= 1 << UInt64(emptiable) }
      emptiable += 1
    }
    if recording { printed[name] = URLBuilder.Printed(type: type, text: text) }
  }

  // MARK: Path

  /// The place of the segment being written: the host position's, or a path segment's.
  var segmentPlace: URLBuilder.Place {
    hostPosition && segments == 0 ? .authoritySegment : .pathSegment
  }

  /// Starts the path; with `hostPosition`, its first segment is printed where the host goes,
  /// followed by `port`.
  mutating func startPath(hostPosition: Bool, port: Int?) {
    self.hostPosition = hostPosition
    self.port = port
  }

  mutating func startSegment() {
    guard !inSegment else { return }
    if !(hostPosition && segments == 0) { append(ascii: "/") }
    inSegment = true
  }

  mutating func finishSegment() {
    guard inSegment else { return }
    inSegment = false
    if hostPosition && segments == 0, let port { appendPort(port) }
    segments += 1
  }

  /// The segments of a catch-all's text (none when it is empty), split at `/` as a `String`
  /// splits (by characters; ASCII text by bytes, without copying).
  mutating func appendSegments(_ text: String) {
    guard !text.isEmpty else { return }
    if URLBuilder.isASCII(text) {
      let utf8 = text.utf8
      var start = utf8.startIndex
      while start < utf8.endIndex {
        let end = utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
        startSegment()
        appendEscaped(Substring(utf8[start..<end]), in: segmentPlace)
        finishSegment()
        start = end < utf8.endIndex ? utf8.index(after: end) : end
      }
    } else {
      for part in text.split(separator: "/") {
        startSegment()
        appendEscaped(part, in: segmentPlace)
        finishSegment()
      }
    }
  }

  /// Ends the path: the port when the host position stayed empty, and `/` for an empty path
  /// when `slashWhenEmpty` (and no host position).
  mutating func finishPath(slashWhenEmpty: Bool) {
    finishSegment()
    if hostPosition {
      if segments == 0, let port { appendPort(port) }
    } else if segments == 0 && slashWhenEmpty {
      append(ascii: "/")
    }
  }

  // MARK: Query

  /// Writes `?` before the first piece and `&` before the others.
  mutating func startQueryPiece(requirement: Bool) {
    if queryStart == nil {
      queryStart = bytes.count
      append(ascii: "?")
    } else {
      append(ascii: "&")
    }
    if requirement { requirementPieces += 1 }
  }

  /// Ends the query (before the fragment).
  mutating func finishQuery() {
    if queryStart != nil && queryEnd == nil { queryEnd = bytes.count }
  }

  /// Whether the query, read back as a URL's query is read, gives the values with no capture
  /// in the order they were printed, after the pattern's own pieces.
  func extrasReadBack(_ options: RouteOptions) -> Bool {
    guard !extras.isEmpty else { return true }
    guard let queryStart else { return extras.allSatisfy(\.texts.isEmpty) }
    let range = (queryStart + 1)..<(queryEnd ?? bytes.count)
    let read = bytes.withUnsafeBufferPointer {
      QueryParameters(parsing: $0, range, plusAsSpace: options.plusAsSpace).items
    }
    var index = requirementPieces
    for extra in extras {
      for text in extra.texts {
        guard index < read.count, read[index].name == extra.name, read[index].value == text
        else { return false }
        index += 1
      }
    }
    return index == read.count
  }
}
