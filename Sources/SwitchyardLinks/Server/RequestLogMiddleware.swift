#if Links
  import HTTPTypes
  import Hummingbird
  import Logging
  import NIOConcurrencyHelpers

  /// Logs every request on one line at `info`: its method, path, status and duration; never
  /// the query string, the client's address, its user agent or a cookie (what a link's visitor
  /// is, the service does not keep). Every answer of `500` or more also gets a line at
  /// `error` with its cause, which the client never sees; an error no controller answered
  /// becomes a `500` with a JSON body.
  ///
  /// ```text
  /// info switchyard-links: GET /l/spring 302 0.41 ms
  /// error switchyard-links: GET /l/spring 503: links.sqlite: the store is unreachable
  /// ```
  ///
  /// ```swift
  /// router.add(middleware: RequestLogMiddleware())
  /// ```
  struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The log's level of the line of each request.
    let level: Logger.Level

    /// Logs each request at `level` (`info` by default).
    ///
    /// ```swift
    /// RequestLogMiddleware<BasicRequestContext>(level: .debug)
    /// ```
    init(level: Logger.Level = .info) {
      self.level = level
    }

    func handle(
      _ request: Request, context: Context,
      next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      let clock = ContinuousClock()
      let start = clock.now
      let response: Response
      do {
        response = try await next(request, context)
      } catch let answer as LinksAnswer {
        if answer.status.code >= 500 {
          logFailure(request, context: context, status: answer.status, cause: answer.cause)
        }
        response = answer.response
      } catch let error as any HTTPResponseError {
        response = try error.response(from: request, context: context)
        if response.status.code >= 500 {
          logFailure(request, context: context, status: response.status, cause: error)
        }
      } catch {
        logFailure(request, context: context, status: .internalServerError, cause: error)
        response = LinksAnswer.json(
          .internalServerError, ErrorBody("the service failed; its log says why"))
      }
      let elapsed = clock.now - start
      let milliseconds =
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
      let duration = Self.milliseconds(milliseconds)
      context.logger.log(
        level: level,
        "\(request.method.rawValue) \(request.uri.path) \(response.status.code) \(duration) ms",
        metadata: [
          "http.method": .string(request.method.rawValue),
          "http.path": .string(request.uri.path),
          "http.status": .stringConvertible(response.status.code),
          "duration_ms": .string(duration),
        ])
      return response
    }

    /// `value` with two decimals: `0.41`, `12.00`.
    static func milliseconds(_ value: Double) -> String {
      let hundredths = Int((value * 100).rounded())
      let fraction = hundredths % 100
      return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    func logFailure(
      _ request: Request, context: Context, status: HTTPResponse.Status, cause: (any Error)?
    ) {
      let reason = cause.map { "\($0)" } ?? "no cause was given"
      context.logger.error(
        "\(request.method.rawValue) \(request.uri.path) \(status.code): \(reason)",
        metadata: [
          "http.method": .string(request.method.rawValue),
          "http.path": .string(request.uri.path),
          "http.status": .stringConvertible(status.code),
          "error": .string(reason),
        ])
    }
  }

  /// The paths the service's controllers registered and the methods each takes, in the order
  /// registered: what turns the router's "not found" into `405` with `Allow` (a known path),
  /// `501` (a method no path takes) or a JSON `404` (see ``MethodsMiddleware``).
  ///
  /// Filled while the routes are added, before the server starts; read for requests no route
  /// answered.
  final class MethodTable: Sendable {
    struct Entry: Sendable {
      /// The path's components: a literal, `:name` (one component) or `**` (the rest).
      var components: [Substring]
      var methods: [HTTPRequest.Method]
    }

    let entries = NIOLockedValueBox<[Entry]>([])

    /// The order methods are listed in (`Allow`, the `501` answer); others come after.
    static let order: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]

    static func sorted(_ methods: [HTTPRequest.Method]) -> [HTTPRequest.Method] {
      methods.sorted {
        (order.firstIndex(of: $0) ?? order.count) < (order.firstIndex(of: $1) ?? order.count)
      }
    }

    /// Records that `path` (as the router spells it) takes `method`.
    func add(_ path: String, _ method: HTTPRequest.Method) {
      let components = path.split(separator: "/")
      entries.withLockedValue { entries in
        if let index = entries.firstIndex(where: { $0.components == components }) {
          if !entries[index].methods.contains(method) {
            entries[index].methods = Self.sorted(entries[index].methods + [method])
          }
        } else {
          entries.append(Entry(components: components, methods: [method]))
        }
      }
    }

    /// The methods `path` takes, `nil` when it is none of the service's paths.
    func methods(_ path: String) -> [HTTPRequest.Method]? {
      let parts = path.split(separator: "/")
      return entries.withLockedValue { entries in
        entries.first { entry in
          for (index, component) in entry.components.enumerated() {
            if component == "**" { return parts.count > index }
            guard index < parts.count else { return false }
            if component.hasPrefix(":") { continue }
            if component != parts[index] { return false }
          }
          return parts.count == entry.components.count
        }?.methods
      }
    }

    /// Every method some path takes.
    var implemented: [HTTPRequest.Method] {
      entries.withLockedValue { entries in
        var all: [HTTPRequest.Method] = []
        for entry in entries {
          for method in entry.methods where !all.contains(method) { all.append(method) }
        }
        return Self.sorted(all)
      }
    }
  }

  /// A router that records what it registers in a ``MethodTable``.
  struct LinksRoutes<Context: RequestContext> {
    let router: Router<Context>
    let table: MethodTable

    /// Adds `handler` for `path` and each of `methods`.
    func on(
      _ path: String, _ methods: HTTPRequest.Method...,
      use handler: @escaping @Sendable (Request, Context) async throws -> Response
    ) {
      for method in methods {
        router.on(RouterPath(path), method: method, use: handler)
        table.add(path, method)
      }
    }
  }

  /// Answers what no route took: `405` with `Allow` when the path is one of the service's
  /// (RFC 9110 §15.5.6), `501` for a method no path takes (§15.6.2), else a JSON `404`.
  struct MethodsMiddleware<Context: RequestContext>: RouterMiddleware {
    let table: MethodTable

    func handle(
      _ request: Request, context: Context,
      next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      do {
        return try await next(request, context)
      } catch let error as HTTPError where error.status == .notFound {
        let path = request.uri.path
        if let allowed = table.methods(path), !allowed.contains(request.method) {
          return Self.methodNotAllowed(path, allowed: allowed)
        }
        let implemented = table.implemented
        guard implemented.contains(request.method) else {
          var response = LinksAnswer.json(
            .notImplemented,
            ErrorBody(
              "the method \(request.method.rawValue) is not implemented: the service answers "
                + Self.list(implemented.map(\.rawValue), joiner: "and"), field: "method"))
          response.headers[.allow] = implemented.map(\.rawValue).joined(separator: ", ")
          return response
        }
        return LinksAnswer.json(.notFound, ErrorBody("no such path: \(path)", field: "path"))
      }
    }

    /// `405` with `Allow`, saying which methods `path` takes.
    static func methodNotAllowed(_ path: String, allowed: [HTTPRequest.Method]) -> Response {
      let names = allowed.map(\.rawValue)
      var response = LinksAnswer.json(
        .methodNotAllowed, ErrorBody("\(path) takes \(list(names))", field: "method"))
      response.headers[.allow] = names.joined(separator: ", ")
      return response
    }

    /// `A`, `A or B`, `A, B or C` (`and` for `joiner: "and"`).
    static func list(_ names: [String], joiner: String = "or") -> String {
      guard let last = names.last else { return "" }
      return names.count == 1
        ? last : names.dropLast().joined(separator: ", ") + " \(joiner) " + last
    }
  }
#endif
