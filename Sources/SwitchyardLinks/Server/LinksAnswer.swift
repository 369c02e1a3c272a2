#if Links
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif
  import HTTPTypes
  import Hummingbird
  import NIOCore
  import SwitchyardFiles

  /// An answer that ends a request early, thrown by a controller: a refusal (`4xx`), or a
  /// failure (`5xx`) with its ``cause``, which `RequestLogMiddleware` logs and the client
  /// never sees.
  ///
  /// ```swift
  /// throw LinksAnswer(.notFound, ErrorBody("no link has the code abc", field: "code"))
  /// ```
  struct LinksAnswer: HTTPResponseError {
    var response: Response
    /// Why the service failed, for the log (a `5xx` answer).
    var cause: (any Error)?

    /// The headers of every JSON answer: it is never cached.
    static var jsonHeaders: HTTPFields {
      var headers = HTTPFields()
      headers[.contentType] = "application/json"
      headers[.cacheControl] = "no-store"
      return headers
    }

    /// A JSON answer of `body`.
    init(_ status: HTTPResponse.Status, _ body: some Encodable, cause: (any Error)? = nil) {
      self.response = Self.json(status, body)
      self.cause = cause
    }

    /// An answer made already (a page).
    init(response: Response, cause: (any Error)? = nil) {
      self.response = response
      self.cause = cause
    }

    /// A refused mint, redeem or query: its status and body.
    init(_ error: LinkMintingError) {
      self.init(HTTPResponse.Status(code: error.status), error)
    }

    var status: HTTPResponse.Status { response.status }

    func response(from request: Request, context: some RequestContext) throws -> Response {
      response
    }

    /// `body` as JSON with the headers of every JSON answer.
    static func json(_ status: HTTPResponse.Status, _ body: some Encodable) -> Response {
      Response(
        status: status, headers: jsonHeaders,
        body: .init(byteBuffer: ByteBuffer(bytes: encode(body))))
    }

    /// The JSON of `value`: members in key order, `/` as it is. Every value the service
    /// encodes is text, a whole number or a list or object of them, which cannot fail.
    static func encode(_ value: some Encodable) -> [UInt8] {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      guard let data = try? encoder.encode(value) else {
        return Array(#"{"error":"the answer could not be encoded"}"#.utf8)
      }
      return Array(data)
    }
  }

  /// The body of every JSON error answer: `{"error": "…", "field": "…"}`.
  struct ErrorBody: Encodable, Sendable {
    var error: String
    var field: String?

    init(_ error: String, field: String? = nil) {
      self.error = error
      self.field = field
    }
  }

  extension LinkMintingError: Encodable {
    enum CodingKeys: String, CodingKey {
      case error, field, line, column, nearestMisses
    }

    /// `{"error", "field"?, "line"?, "column"?, "nearestMisses"?}`: the body of the answer;
    /// a `422` always lists its nearest misses (perhaps none).
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(message, forKey: .error)
      try container.encodeIfPresent(field, forKey: .field)
      if let line, let column {
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
      }
      if status == 422 { try container.encode(nearestMisses, forKey: .nearestMisses) }
    }
  }

  extension LinkMintingError.NearMiss: Encodable {
    enum CodingKeys: String, CodingKey {
      case route, pattern, reason
    }

    /// `{"route", "pattern", "reason"}`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(route, forKey: .route)
      try container.encode(pattern, forKey: .pattern)
      try container.encode(reason, forKey: .reason)
    }
  }

  /// A link as the JSON API answers it: `GET /v1/links/CODE`, `201` of `POST /v1/links`
  /// (with `link`), a redeemed install token (without `code`).
  struct LinkBody: Encodable, Sendable {
    var code: String?
    var link: String?
    var url: String
    var route: String
    /// The route's captures by name (the first of a repeated name).
    var values: [String: String]

    init(_ record: LinkRecord, code: Bool = true, link: String? = nil) {
      self.code = code ? record.code : nil
      self.link = link
      self.url = record.url
      self.route = record.route
      var values: [String: String] = [:]
      for value in record.values where values[value.name] == nil {
        values[value.name] = value.value
      }
      self.values = values
    }
  }

  /// A link with what its preview shows and when it ends: `GET /v1/links` and `PATCH
  /// /v1/links/CODE`.
  struct LinkDetailBody: Encodable, Sendable {
    var code: String
    var link: String
    var url: String
    var route: String
    var values: [String: String]
    var title: String?
    var description: String?
    var image: String?
    /// RFC 3339, UTC.
    var expires: String?
    var created: String

    init(_ record: LinkRecord, link: String) {
      let base = LinkBody(record)
      self.code = record.code
      self.link = link
      self.url = record.url
      self.route = record.route
      self.values = base.values
      self.title = record.title
      self.description = record.description
      self.image = record.image
      self.expires = record.expires.map(RFC3339.text)
      self.created = RFC3339.text(record.created)
    }
  }

  /// A page of `GET /v1/links`: `next` is the `after` of the next page, when there may be one.
  struct LinkListBody: Encodable, Sendable {
    var links: [LinkDetailBody]
    var next: String?
  }

  /// The counts of a row of `GET /v1/stats` (and of its totals).
  struct CountsBody: Encodable, Sendable {
    var key: String?
    var clicks: Int
    var previews: Int
    var appOpens: Int
    var installs: Int

    init(_ row: StatsRow, key: Bool) {
      self.key = key ? row.key : nil
      self.clicks = row.clicks
      self.previews = row.previews
      self.appOpens = row.appOpens
      self.installs = row.installs
    }
  }

  /// The JSON of `GET /v1/stats`.
  struct StatsBody: Encodable, Sendable {
    var from: String
    var to: String
    var by: String
    var code: String?
    /// The clicks by people (previews are never clicks).
    var total: Int
    var totals: CountsBody
    var rows: [CountsBody]
  }
#endif
