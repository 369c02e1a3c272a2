import Switchyard

extension ConformanceVectors {
  /// The URLs derived from one way of one route (one pattern variant): probes that fill each
  /// capture with values of its type in several spellings (escaped, non-ASCII, bytes that are
  /// not UTF-8, repeated query names), and near misses (a value its type refuses, a literal
  /// changed, a segment more or less, a query or fragment requirement left out).
  struct Probes {
    let table: RouteTable
    let route: Route
    let index: Int
    let shape: PatternShape

    /// Raw (as written in a URL) values for a capture of `type`, accepted by it.
    static func samples(_ type: CaptureType) -> [String] {
      switch type {
      case .int: return ["42", "-7", "007", "9223372036854775807", "0"]
      case .float: return ["2.5", "1e3", "-0.75", ".5", "7"]
      case .uuid:
        return ["123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000"]
      case .path: return ["x/y", "x", "a%2Fb/c%20d", "caf%C3%A9/%FF"]
      default: return ["x", "hello%20world", "caf%C3%A9", "a%2Fb", "%FF%FE", "a+b", "100%", "%zz"]
      }
    }

    /// Raw values that a capture of `type` refuses (and a string capture accepts).
    static func refused(_ type: CaptureType) -> [String] {
      switch type {
      case .int: return ["abc", "9223372036854775808", "4.5", "%2D7", "-"]
      case .float: return ["abc", "nan", "0x10", "1e999", "1."]
      case .uuid:
        return ["123e4567-e89b-12d3-a456-42661417400", "123e4567e89b12d3a456426614174000"]
      default: return []
      }
    }

    var hostAsPath: Bool {
      table.options.hostAsPath.applies(toScheme: shape.scheme ?? table.options.defaultScheme)
    }

    /// The path's segments (raw), variation `k`; `replacing` swaps in a raw value for the
    /// capture at element `at`.
    func segments(_ k: Int, escapeLiterals: Bool = false, at: Int? = nil, value: String? = nil)
      -> [String]
    {
      var out: [String] = []
      for (offset, element) in shape.path.enumerated() {
        let override = offset == at ? value : nil
        switch element {
        case .literal(let text):
          out.append(override ?? Self.encode(text, escapeFirst: escapeLiterals))
        case .capture(let type, _):
          let samples = Self.samples(type)
          let raw = override ?? samples[k % samples.count]
          out += raw.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        case .mixed(let prefix, let type, _, let suffix):
          let samples = Self.samples(type).filter { !$0.contains("/") }
          let raw = override ?? samples[k % samples.count]
          out.append(Self.encode(prefix) + raw + Self.encode(suffix))
        case .star:
          if let override {
            out.append(override)
          } else {
            let widths: [[String]] = [[], ["x", "y"], ["x"], ["a%20b", "c", "d"]]
            out += widths[k % widths.count]
          }
        }
      }
      return out
    }

    func host(_ k: Int) -> String? {
      switch shape.host {
      case .omitted: return hostAsPath ? nil : (k % 2 == 1 ? "example.com" : nil)
      case .any: return ["example.com", "any.example.org"][k % 2]
      case .wildcard(let suffix): return ["a.", "a.b."][k % 2] + suffix
      case .literal(let text): return text
      }
    }

    func query(_ k: Int, skip: Int? = nil, value: String? = nil) -> String {
      var pieces: [String] = []
      for (offset, item) in route.pattern.queryShape.enumerated() where offset != skip {
        let name = Self.encode(item.name, query: true)
        let raw: String
        switch item.value {
        case .literal(let text): raw = offset == skip ? "" : Self.encode(text, query: true)
        case .capture(let type, _):
          let samples = Self.samples(type)
          raw = samples[k % samples.count]
        }
        if k % 3 == 2 { pieces.append(name + "=first") }
        pieces.append(name + "=" + (value ?? raw))
      }
      if k % 2 == 1 { pieces.append("utm_source=vectors") }
      return pieces.isEmpty ? "" : "?" + pieces.joined(separator: "&")
    }

    func fragment(_ k: Int, value: String? = nil) -> String {
      guard let requirement = route.pattern.fragmentShape else {
        return k == 2 ? "#top" : ""
      }
      if let value { return "#" + value }
      switch requirement {
      case .literal(let text): return "#" + Self.encode(text, query: true)
      case .capture(let type, _):
        let samples = Self.samples(type)
        return "#" + samples[k % samples.count]
      }
    }

    func url(
      _ k: Int, segments: [String], query: String, fragment: String, upper: Bool = false
    ) -> String {
      var scheme = shape.scheme
      if scheme == nil, shape.host != .omitted || k % 2 == 1 { scheme = "https" }
      if upper { scheme = scheme?.uppercased() }
      var out = ""
      if let scheme { out += scheme + ":" }
      if hostAsPath && shape.scheme != nil {
        out += "//" + segments.joined(separator: "/")
      } else {
        var host = self.host(k)
        if upper { host = host?.uppercased() }
        if scheme != nil || host != nil { out += "//" + (host ?? "") }
        if let port = shape.port { out += ":\(port)" }
        out += "/" + segments.joined(separator: k % 4 == 3 ? "//" : "/")
        if k % 4 == 3 && !segments.isEmpty { out += "/" }
      }
      return out + query + fragment
    }

    func positives() -> [String] {
      var out: [String] = []
      for k in 0..<4 {
        out.append(url(k, segments: segments(k), query: query(k), fragment: fragment(k)))
      }
      out.append(
        url(
          0, segments: segments(4, escapeLiterals: true), query: query(4), fragment: fragment(4),
          upper: true))
      out.append(url(1, segments: segments(5), query: query(5), fragment: fragment(5)))
      out.append(url(2, segments: segments(6), query: query(6), fragment: fragment(6)))
      out.append(url(0, segments: segments(7), query: query(7), fragment: fragment(7)))
      return out
    }

    func negatives() -> [String] {
      var out: [String] = []
      let base = segments(0)
      let (query, fragment) = (self.query(0), self.fragment(0))
      for (offset, element) in shape.path.enumerated() {
        switch element {
        case .capture(let type, _), .mixed(_, let type, _, _):
          for raw in Self.refused(type) {
            var value = raw
            if case .mixed(let prefix, _, _, let suffix) = element {
              value = Self.encode(prefix) + raw + Self.encode(suffix)
            }
            out.append(
              url(
                0, segments: segments(0, at: offset, value: value), query: query,
                fragment: fragment))
          }
        case .literal(let text):
          out.append(
            url(
              0, segments: segments(0, at: offset, value: "zz" + Self.encode(text)),
              query: query, fragment: fragment))
          out.append(
            url(
              0, segments: segments(0, at: offset, value: Self.encode(text.uppercased())),
              query: query, fragment: fragment))
        case .star: break
        }
      }
      out.append(url(0, segments: base + ["extra"], query: query, fragment: fragment))
      if !base.isEmpty {
        out.append(url(0, segments: Array(base.dropLast()), query: query, fragment: fragment))
      }
      for (offset, item) in route.pattern.queryShape.enumerated() {
        out.append(url(0, segments: base, query: self.query(0, skip: offset), fragment: fragment))
        if case .capture(let type, _) = item.value {
          for raw in Self.refused(type).prefix(2) {
            out.append(
              url(0, segments: base, query: self.query(0, value: raw), fragment: fragment))
          }
        }
      }
      if let requirement = route.pattern.fragmentShape {
        out.append(url(0, segments: base, query: query, fragment: ""))
        if case .literal = requirement {
          out.append(url(0, segments: base, query: query, fragment: "#other"))
        } else if case .capture(let type, _) = requirement, let raw = Self.refused(type).first {
          out.append(url(0, segments: base, query: query, fragment: "#" + raw))
        }
      }
      if shape.scheme != nil {
        var other = url(0, segments: base, query: query, fragment: fragment)
        if let colon = other.firstIndex(of: ":") {
          other = "other" + other[colon...]
          out.append(other)
        }
      }
      if case .literal(let host) = shape.host, let scheme = shape.scheme {
        out.append(
          url(0, segments: base, query: query, fragment: fragment).replacing(
            scheme + "://" + host, with: scheme + "://x" + host, maxReplacements: 1))
        if let port = shape.port {
          out.append(
            url(0, segments: base, query: query, fragment: fragment).replacing(
              ":\(port)", with: ":\(port == 1 ? 2 : port - 1)", maxReplacements: 1))
        }
      }
      return out
    }

    /// `text` percent-encoded for a path segment (or a query name or value), uppercase hex;
    /// with `escapeFirst`, its first byte is escaped even where it may stay.
    static func encode(_ text: String, query: Bool = false, escapeFirst: Bool = false) -> String {
      var out: [UInt8] = []
      for (offset, byte) in text.utf8.enumerated() {
        let safe =
          (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x30 && byte <= 0x39) || "-._~!$'()*,;:@".utf8.contains(byte)
          || (!query && "&=+".utf8.contains(byte))
        if safe && !(escapeFirst && offset == 0) {
          out.append(byte)
        } else {
          let digits = Array("0123456789ABCDEF".utf8)
          out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
  }
}
