#if Links
  import NIOConcurrencyHelpers

  /// The links read lately, and their phones' landing pages, kept in memory: a short link
  /// opened again is answered without the store, and its page without rendering it again. A
  /// link is kept for ``lifetime`` seconds (a `PATCH` or `DELETE` on another server reaches
  /// this one within that time; on this one, it is forgotten at once), a page under its
  /// link's value. At most ``capacity`` links and
  /// ``pageCapacity`` pages; when one is full, it is emptied and fills again (bounded memory,
  /// bounded work per request). Only links that exist are kept, so a code minted later, on
  /// this server or another, is found in the store.
  final class LinkCache: Sendable {
    /// The most links kept: about 3 MB of records.
    static let capacity = 10_000
    /// The most landing pages kept (one per link, phone platform and host): about 4 MB.
    static let pageCapacity = 1_000

    let records = NIOLockedValueBox<[String: (record: LinkRecord, kept: Int64)]>([:])
    /// How long a kept link is used before the store is asked again, in seconds: what another
    /// server's `PATCH` or `DELETE` takes at most to reach this one.
    static let lifetime: Int64 = 10
    let pages = NIOLockedValueBox<[String: KeptPage]>([:])

    /// A landing page cut where the install token goes, and the policy it is sent with.
    struct KeptPage: Sendable {
      var parts: [String]
      var contentSecurityPolicy: String
    }
    let capacity: Int
    let pageCapacity: Int
    /// What stands for the install token in a kept page: 40 random bytes in the token's
    /// letters, so that no page holds it by chance.
    let placeholder: String

    init(capacity: Int = LinkCache.capacity, pageCapacity: Int = LinkCache.pageCapacity) {
      self.capacity = capacity
      self.pageCapacity = pageCapacity
      var generator = SystemRandomNumberGenerator()
      placeholder = Base64URL.encode(
        (0..<40).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The page kept under `key`: its parts, to be joined with the token, and its policy.
    func page(_ key: String) -> KeptPage? {
      pages.withLockedValue { $0[key] }
    }

    /// Keeps a page under `key` (emptying the pages first when they are full).
    func keep(page: KeptPage, for key: String) {
      pages.withLockedValue { pages in
        if pages.count >= pageCapacity { pages.removeAll(keepingCapacity: true) }
        pages[key] = page
      }
    }

    /// `html` cut at each `placeholder`: joined with the placeholder, the parts are `html`.
    static func split(_ html: String, at placeholder: String) -> [String] {
      let text = Array(html.utf8)
      let mark = Array(placeholder.utf8)
      var parts: [String] = []
      var start = 0
      var index = 0
      while index + mark.count <= text.count {
        if text[index] == mark[0], text[index..<(index + mark.count)].elementsEqual(mark) {
          parts.append(String(decoding: text[start..<index], as: UTF8.self))
          index += mark.count
          start = index
        } else {
          index += 1
        }
      }
      parts.append(String(decoding: text[start...], as: UTF8.self))
      return parts
    }

    /// The link with `code`, if it was read in the ``lifetime`` before `now` (seconds).
    func record(_ code: String, at now: Int64 = 0) -> LinkRecord? {
      records.withLockedValue { records in
        guard let kept = records[code], now - kept.kept < Self.lifetime else { return nil }
        return kept.record
      }
    }

    /// Keeps `record`, read at `now` (emptying the cache first when it is full).
    func keep(_ record: LinkRecord, at now: Int64 = 0) {
      records.withLockedValue { records in
        if records.count >= capacity { records.removeAll(keepingCapacity: true) }
        records[record.code] = (record, now)
      }
    }

    /// Forgets the link `code` (changed or ended on this server). Its pages need no
    /// forgetting: a page is kept under its link's value, which changed.
    func forget(_ code: String) {
      _ = records.withLockedValue { $0.removeValue(forKey: code) }
    }
  }
#endif
