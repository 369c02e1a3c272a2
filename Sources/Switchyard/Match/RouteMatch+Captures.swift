// The one decoder of a match's captures: every reader of a captured value (`parameter(_:)`,
// `parameters`, the subscript, `value(_:as:)` and the code `@Routes` writes) goes through
// `RouteMatch.Captures`, which reads the bytes of one capture straight from the URL.

extension RouteMatch {
  /// The captures of one match, read in place from its URL: a view over the URL's bytes, its
  /// path segments and the match's capture slots, valid only inside the closure that is given
  /// it (``RouteMatch/withCaptures(_:)``, or a lookup that reads the winner without making a
  /// match, `RouteMatcher.withBest(_:_:)`). Each read decodes only the bytes of the capture it
  /// reads.
  ///
  /// A capture is read by its slot (its place among the entry's captures, in pattern order:
  /// the path's captures, then the query's, then the fragment's). A pattern with optional
  /// groups may put a capture in different slots in different variants: read those by name.
  ///
  /// ```swift
  /// // myapp://repos/:owner/<int:id>  on  myapp://repos/apple/42
  /// match.withCaptures { captures in
  ///   captures.text(at: 0)           // "apple"
  ///   captures.int(at: 1)            // 42, parsed from the URL's bytes
  ///   captures.slot(named: "id")     // 1
  /// }
  /// ```
  @usableFromInline
  package struct Captures {
    /// Unretained: the match or the search that made this view keeps the storage alive for
    /// as long as the view is used.
    unowned(unsafe) let storage: MatcherStorage
    let entry: Int
    let url: UnsafeBufferPointer<UInt8>
    /// The path's non-empty segments (the host first when it is read as one), as ranges of
    /// `segmentBytes`.
    let segments: UnsafePointer<Segment>
    let segmentBytes: UnsafePointer<UInt8>
    /// Whether `segmentBytes` are decoded already (the search's own buffer) rather than the
    /// URL's raw bytes.
    let segmentsAreDecoded: Bool
    let slots: UnsafePointer<CaptureSlot>
    /// How many slots the match holds.
    @usableFromInline
    package let count: Int

    /// The slot of the capture `name`, or `nil` when the matched variant has none.
    @usableFromInline
    package func slot(named name: String) -> Int? {
      storage.captureSlot(named: name, entry: entry, count: count)
    }

    /// The name of the capture in `slot` (`nil` for an unnamed `*`).
    package func name(at slot: Int) -> String? {
      let names = storage.captureNames(entry: entry)
      return slot < names.count ? names[slot] : nil
    }

    /// The decoded text of the capture in `slot`; invalid UTF-8 is repaired with U+FFFD.
    @usableFromInline
    package func text(at slot: Int) -> String {
      withDecodedBytes(at: slot) { bytes in
        // Filled in place: a short ASCII capture becomes a small string with no second pass
        // over its bytes (longer text is validated and repaired as `String(decoding:)` does).
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
          buffer.initialize(fromContentsOf: bytes)
        }
      }
    }

    /// The last value of the URL's query parameter `name`, decoded (`+` as a space when the
    /// options say so), or `nil` when the query has none: what the code `@Routes` writes reads
    /// for a case's optional query value (`@Route("/login", optionalQuery: ["next"])`).
    @usableFromInline
    package func lastQueryValue(_ name: String) -> String? {
      guard let range = URLLayout.split(url).query else { return nil }
      return lastValue(
        inQuery: url, range, named: name, plusAsSpace: storage.options.plusAsSpace)
    }

    /// The capture in `slot` read as an `Int` (the grammar of `Int(routeParameter:)`), from
    /// its decoded bytes, without making a string.
    @usableFromInline
    package func int(at slot: Int) -> Int? {
      withDecodedBytes(at: slot) { parseInt($0) }
    }

    /// The capture in `slot` read as a `Double` (the grammar of `Double(routeParameter:)`).
    @usableFromInline
    package func double(at slot: Int) -> Double? {
      withDecodedBytes(at: slot) { parseFloat($0) }
    }

    /// The typed value of the capture in `slot`: its decoded text, read by its capture type.
    package func value(at slot: Int) -> ParameterValue {
      let type = CaptureType(code: slots[slot].type)
      return withDecodedBytes(at: slot) { bytes in
        type.value(String(decoding: bytes, as: UTF8.self), bytes)
      }
    }

    /// Calls `body` with the decoded bytes of the capture in `slot` (not yet repaired as
    /// UTF-8, except where the search repaired a segment it compared: a mixed capture's
    /// literal counts are in the bytes the search compared).
    @inline(__always)
    func withDecodedBytes<R>(at slot: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
      let capture = slots[slot]
      switch capture.kind {
      case .queryValue:
        return Self.decode(url, capture.bytes, plusAsSpace: storage.options.plusAsSpace, body)
      case .fragment:
        return Self.decode(url, capture.bytes, plusAsSpace: false, body)
      case .segments:
        return withSegments(capture.segments, trim: (0, 0), body)
      case .mixed:
        return withSegments(
          capture.segment..<(capture.segment + 1),
          trim: (capture.prefixCount, capture.suffixCount), body)
      }
    }

    /// Calls `body` with the segments `wanted` joined by `/`, decoded, without `trim.0`
    /// leading and `trim.1` trailing decoded bytes (counted in the segment repaired as UTF-8,
    /// as the search compared it).
    @inline(__always)
    private func withSegments<R>(
      _ wanted: Range<Int>, trim: (Int, Int), _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
      // One segment the search decoded already is read where it lies.
      if segmentsAreDecoded && wanted.count == 1 {
        let segment = segments[wanted.lowerBound]
        let start = min(segment.start + trim.0, segment.end)
        let end = max(start, segment.end - trim.1)
        return body(UnsafeBufferPointer(start: segmentBytes + start, count: end - start))
      }
      // Decoding never lengthens, and the segments are joined by one byte each.
      var capacity = 1
      for index in wanted { capacity += segments[index].end - segments[index].start + 1 }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
        guard let base = buffer.baseAddress else { return body(UnsafeBufferPointer(buffer)) }
        var written = 0
        for index in wanted {
          if index > wanted.lowerBound {
            base[written] = UInt8(ascii: "/")
            written += 1
          }
          let segment = segments[index]
          if segmentsAreDecoded {
            (base + written).update(
              from: segmentBytes + segment.start, count: segment.end - segment.start)
            written += segment.end - segment.start
          } else {
            written += percentDecode(url, segment.start..<segment.end, into: base + written)
          }
        }
        let decoded = UnsafeBufferPointer(start: UnsafePointer(base), count: written)
        // A partial segment's literal counts are in the bytes the search compared, which are
        // repaired as UTF-8: cut the capture from the segment repaired the same way.
        if (trim.0 > 0 || trim.1 > 0) && !segmentsAreDecoded && !isValidUTF8(decoded) {
          return repairedUTF8(decoded).withUnsafeBufferPointer { repaired in
            let start = min(trim.0, repaired.count)
            let end = max(start, repaired.count - trim.1)
            return body(UnsafeBufferPointer(rebasing: repaired[start..<end]))
          }
        }
        let start = min(trim.0, written)
        let end = max(start, written - trim.1)
        return body(UnsafeBufferPointer(rebasing: decoded[start..<end]))
      }
    }

    /// Decodes `url[range]` into a temporary buffer for `body`.
    private static func decode<R>(
      _ url: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusAsSpace: Bool,
      _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(range.count, 1)) { buffer in
        guard let base = buffer.baseAddress else { return body(UnsafeBufferPointer(buffer)) }
        let count = percentDecode(url, range, into: base, plusAsSpace: plusAsSpace)
        return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
      }
    }
  }

  /// Calls `body` with a reader of this match's captures (see ``Captures``): the URL is split
  /// once for it, and each read decodes only the bytes of the capture it reads.
  @usableFromInline
  package func withCaptures<R>(_ body: (Captures) -> R) -> R {
    reading.withBytes { url in
      let layout = reading.layout
      // Non-empty segments are separated by '/': a path of n bytes has at most (n + 1) / 2,
      // and the host may come first.
      let bound = (layout.path.count + 1) / 2 + 2
      return withUnsafeTemporaryAllocation(of: Segment.self, capacity: bound) { segments in
        var segmentCount = 0
        forEachSegment(url, layout, hostAsPath: reading.hostAsPath) { range in
          segments[segmentCount] = Segment(start: range.lowerBound, end: range.upperBound)
          segmentCount += 1
        }
        let slotCount = slots.count
        return withUnsafeTemporaryAllocation(of: CaptureSlot.self, capacity: max(1, slotCount)) {
          slotBuffer in
          for index in 0..<slotCount { slotBuffer.initializeElement(at: index, to: slots[index]) }
          return body(
            Captures(
              storage: storage, entry: Int(entry), url: url,
              segments: UnsafePointer(segments.baseAddress.unsafelyUnwrapped),
              // An empty URL has no segments: its (absent) base is never read.
              segmentBytes: url.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped,
              segmentsAreDecoded: false,
              slots: UnsafePointer(slotBuffer.baseAddress.unsafelyUnwrapped), count: slotCount))
        }
      }
    }
  }
}

extension MatcherStorage {
  /// The capture names of `entry`, by slot (`nil` for an unnamed `*`).
  func captureNames(entry: Int) -> [String?] { nameLists[Int(entries[entry].names)] }

  /// The slot of the capture `name` among the `count` slots of a match of `entry`.
  func captureSlot(named name: String, entry: Int, count: Int) -> Int? {
    let names = captureNames(entry: entry)
    for index in 0..<min(count, names.count) where names[index] == name { return index }
    return nil
  }
}
