import Switchyard

/// An enum of pages under one module path (HandyRouter's `Jumper`): one call registers a
/// route for every page.
///
/// Each case's raw value is its page, written after the module path: `case a = "PageA"` is
/// `/<module>/PageA`. A raw value may name a fragment too (`case a = "A#fragment"`: the URL
/// must end in `#fragment`) and may span several segments (`"detail/info"`). The module path is
/// pattern syntax: several components (`"This/is/your/Module/Name"`), a catch-all
/// (`"wildcardDemo/*"`, zero or more segments) or an optional group (`"my/(optional)/module"`).
///
/// ```swift
/// enum ShopPages: String, PageModule {
///   case product = "Product", cart = "Cart", help = "Help#faq"
///   static let module = "shop"
/// }
///
/// let router = Router<Bool>()
/// try router.register(module: ShopPages.self) { page, parameters in
///   print(page, parameters.all("id"))
///   return true
/// }
/// router.route("myapp://shop/Product?id=1&id=2")   // prints "product ["1", "2"]"
/// ```
public protocol PageModule: RawRepresentable, CaseIterable, Sendable where RawValue == String {
  /// The module path the pages live under, e.g. `"Module"` or `"my/(optional)/module"`.
  static var module: String { get }
}

/// Options for registering a ``PageModule``.
public struct PageModuleOptions: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Also match URLs that write the module's first component as their host, for schemes that
  /// keep their host (HandyRouter's `treatHostAsPathComponent`): with it, `https://Module/A`
  /// matches as well as `https://www.example.com/Module/A`.
  ///
  /// Custom schemes (`myapp://Module/A`) read their host as a path segment anyway (see
  /// `RouteOptions/hostAsPath`), so they need no option.
  public static let hostAsPath = PageModuleOptions(rawValue: 1 << 0)
}

/// The parameters a page handler gets: the query (every value of a repeated name), the
/// fragment parameters and any captures in the module path. They read like a `RouteMatch`
/// (`[key]` for text, ``value(_:as:)`` for a typed value); ``all(_:)`` adds the fragment's
/// values to the query's, as HandyRouter did, and ``match`` has the rest (the query, the
/// fragment).
///
/// ```swift
/// // https://www.example.com/Module/A?arrayTypeDemo=1&arrayTypeDemo=2&stringTypeDemo=A
/// parameters.all("arrayTypeDemo")   // ["1", "2"]
/// parameters["stringTypeDemo"]      // "A"
/// // https://www.example.com/Module/A#key1=value1&key2=value2
/// parameters["key1"]                // "value1"
/// ```
public struct PageParameters: Sendable {
  /// The match of the page's route.
  public let match: RouteMatch

  /// The value of `key`: a capture, else the query's last value, else a fragment parameter.
  public subscript(_ key: String) -> String? { match[key] }

  /// Every value of `key`: the query's values in order, then the fragment parameters'.
  public func all(_ key: String) -> [String] {
    match.query.all(key) + match.fragmentParameters.all(key)
  }

  /// The value of `key` read as `type` (see `RouteMatch/value(_:as:)`).
  ///
  /// ```swift
  /// try parameters.value("page", as: Int.self)   // 3 for ?page=3
  /// ```
  public func value<T: RouteParameter>(
    _ key: String, as type: T.Type = T.self
  ) throws(RouteParameterError) -> T {
    try match.value(key, as: type)
  }
}

extension Router {
  /// Registers every page of `module`, optionally for one scheme only.
  ///
  /// ```swift
  /// try router.register(module: RouteJumper.self) { page, parameters in
  ///   RouteJumper.jump(to: page, parameters: parameters) ? true : nil
  /// }
  /// try router.register(module: RouteJumper.self, scheme: "schemeA", options: .hostAsPath) {
  ///   page, _ in true
  /// }
  /// ```
  /// - Parameters:
  ///   - module: The page enum.
  ///   - scheme: Only URLs of this scheme match; by default every scheme does.
  ///   - options: See ``PageModuleOptions``.
  ///   - priority: The priority of every page's route.
  ///   - handler: Gets the page and its parameters; returns `nil` (or throws) to decline.
  /// - Returns: The routes registered, one per page (two with ``PageModuleOptions/hostAsPath``).
  ///   They are named `<module type>.<page raw value>`.
  /// - Throws: `RouteTableError` when a page's pattern is invalid; then no page is
  ///   registered.
  @discardableResult
  public func register<Module: PageModule>(
    module: Module.Type, scheme: String? = nil, options: PageModuleOptions = [],
    priority: Int = 0,
    handler: @escaping @Sendable (Module, PageParameters) throws -> Output?
  ) throws(RouteTableError) -> [Route] {
    try core.add(module: module, scheme: scheme, options: options, priority: priority) { page in
      .sync(SyncHandlerBox { match in try handler(page, PageParameters(match: match)) })
    }
  }

  /// Removes every route registered for `module`.
  ///
  /// ```swift
  /// router.remove(module: ShopPages.self)   // the routes removed
  /// ```
  /// - Returns: The routes removed.
  @discardableResult
  public func remove<Module: PageModule>(module: Module.Type) -> [Route] {
    core.remove(module: module)
  }
}

extension MainActorRouter {
  /// Registers every page of `module` with a main-actor handler (see
  /// `Router/register(module:scheme:options:priority:handler:)`).
  ///
  /// ```swift
  /// try router.register(module: ShopPages.self) { page, parameters in
  ///   model.show(page, id: parameters["id"])   // main-actor state
  ///   return true
  /// }
  /// ```
  /// - Returns: The routes registered, one per page (two with ``PageModuleOptions/hostAsPath``).
  /// - Throws: `RouteTableError` when a page's pattern is invalid; then no page is
  ///   registered.
  @discardableResult
  public func register<Module: PageModule>(
    module: Module.Type, scheme: String? = nil, options: PageModuleOptions = [],
    priority: Int = 0,
    handler: @escaping @MainActor (Module, PageParameters) throws -> Output?
  ) throws(RouteTableError) -> [Route] {
    try core.add(module: module, scheme: scheme, options: options, priority: priority) { page in
      .mainActor(MainActorHandlerBox { match in try handler(page, PageParameters(match: match)) })
    }
  }

  /// Removes every route registered for `module`.
  ///
  /// ```swift
  /// router.remove(module: ShopPages.self)
  /// ```
  @discardableResult
  public func remove<Module: PageModule>(module: Module.Type) -> [Route] {
    core.remove(module: module)
  }
}

extension Router where Output == Bool {
  /// Registers every page of `module` with a HandyRouter-style `jump` function: `true` handles
  /// the link, `false` means "not mine" and lets the next candidate run (then the unmatched
  /// handler). This is the migration path for `jump(to:parameters:) -> Bool`; with the
  /// general `register(module:scheme:options:priority:handler:)` a `false` output is a
  /// result, not a decline.
  ///
  /// ```swift
  /// try router.register(module: RouteJumper.self, jump: RouteJumper.jump(to:parameters:))
  /// router.route("myapp://Module/C") ?? false   // false: every jump said "not mine"
  /// ```
  ///
  /// Pass the function with its `jump:` label: a trailing closure picks the general form.
  @_disfavoredOverload
  @discardableResult
  public func register<Module: PageModule>(
    module: Module.Type, scheme: String? = nil, options: PageModuleOptions = [],
    priority: Int = 0,
    jump: @escaping @Sendable (Module, PageParameters) throws -> Bool
  ) throws(RouteTableError) -> [Route] {
    try register(module: module, scheme: scheme, options: options, priority: priority) {
      page, parameters in try jump(page, parameters) ? true : nil
    }
  }
}

func pageRouteName<Module: PageModule>(_ module: Module.Type, _ page: Module) -> String {
  String(reflecting: module) + "." + page.rawValue
}

/// The patterns of one page: `[scheme:]///module/page[#fragment]`, and with `.hostAsPath` also
/// `[scheme:]//firstComponent/rest/page[#fragment]` for schemes that keep their host.
func pagePatterns(
  _ module: String, page: String, scheme: String?, options: PageModuleOptions,
  routerOptions: RouteOptions
) -> [String] {
  let pagePath: Substring
  var fragment = ""
  if let hash = page.firstIndex(of: "#") {
    pagePath = page[..<hash]
    fragment = "#" + escapePatternText(page[page.index(after: hash)...], keepSlashes: false)
  } else {
    pagePath = page[...]
  }
  let components =
    module.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    + [escapePatternText(pagePath, keepSlashes: true)]
  let schemePrefix = scheme.map { $0 + ":" } ?? ""

  var patterns = [
    schemePrefix + (scheme == nil ? "" : "//") + "/" + components.joined(separator: "/") + fragment
  ]
  if options.contains(.hostAsPath), components.count > 1,
    scheme.map({ !routerOptions.hostAsPath.applies(toScheme: $0) }) ?? true
  {
    patterns.append(
      schemePrefix + "//" + components[0] + "/" + components.dropFirst().joined(separator: "/")
        + fragment)
  }
  return patterns
}

/// Page text as literal pattern text: the characters that pattern syntax reads specially are
/// written as `%XX` escapes.
func escapePatternText(_ text: Substring, keepSlashes: Bool) -> String {
  var result = ""
  for character in text.unicodeScalars {
    switch character {
    case "<": result += "%3C"
    case ">": result += "%3E"
    case "(": result += "%28"
    case ")": result += "%29"
    case "*": result += "%2A"
    case ":": result += "%3A"
    case "?": result += "%3F"
    case "#": result += "%23"
    case "/" where !keepSlashes: result += "%2F"
    default: result.unicodeScalars.append(character)
    }
  }
  return result
}
