import Switchyard

/// The first path segment of a path as the platforms compare it: the text between the leading
/// `/` and the next `/` (`""` for `/` and for the empty path), or `nil` when `path` does not
/// start with `/`.
private func firstSegment(_ path: String) -> Substring? {
  guard path.first == "/" else { return path.isEmpty ? "" : nil }
  let rest = path.dropFirst()
  return rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)]
}

/// An `apple-app-site-association` file prepared for many questions: each detail's components
/// are filed under the literal first path segment their path pattern starts with, so a URL is
/// tested against the components of its own first segment (and those whose pattern starts with
/// a wildcard) instead of against every component. `verify` asks a question per probe URL and
/// makes probes in proportion to the file, so this keeps it linear in the file.
struct AppleComponentIndex {
  private struct Key: Hashable {
    var percentEncoded: Bool
    var caseSensitive: Bool
    var segment: String
  }

  private struct Detail {
    var appIDs: [String]
    var detail: AppleAppSiteAssociation.Detail
    /// Component positions by key, each list in file order.
    var keyed: [Key: [Int]] = [:]
    /// Components with no path pattern, or one that does not start with a literal segment.
    var general: [Int] = []
  }

  private let details: [Detail]
  private let file: AppleAppSiteAssociation
  private let variables: AppleVariables

  init(_ file: AppleAppSiteAssociation) {
    self.file = file
    variables = file.variables
    details = file.details.map { detail in
      var entry = Detail(appIDs: detail.appIDs, detail: detail)
      for (position, component) in detail.components.enumerated() {
        let (caseSensitive, percentEncoded) = file.settings(component, in: detail)
        guard let path = component.path, let segment = firstSegment(path),
          !segment.contains(where: { $0 == "*" || $0 == "?" }), !segment.contains("$(")
        else {
          entry.general.append(position)
          continue
        }
        let key = Key(
          percentEncoded: percentEncoded, caseSensitive: caseSensitive,
          segment: caseSensitive ? String(segment) : asciiLowercased(String(segment)))
        entry.keyed[key, default: []].append(position)
      }
      return entry
    }
  }

  /// ``AppleAppSiteAssociation/opens(_:appID:)``, answered from the index; each component
  /// tested counts a step (``countAppLinkStep()``).
  func opens(_ url: String, appID: String?) -> Bool {
    decidingComponent(url, appID: appID).map { !$0.exclude } ?? false
  }

  /// The component that decides `url` for the app (the first that matches in the first detail
  /// naming it that has one), or `nil` when none matches.
  func decidingComponent(_ url: String, appID: String?)
    -> AppleAppSiteAssociation.Component?
  {
    let link = LinkURLReader.standard.read(url)
    var seen = Set<String>()
    var excluded: AppleAppSiteAssociation.Component?
    for entry in details {
      let ids = entry.appIDs.filter { appID == nil || $0 == appID }
      // An app that an earlier detail already named is decided there.
      if ids.isEmpty || ids.allSatisfy({ seen.contains($0) }) { continue }
      seen.formUnion(ids)
      var candidates = entry.general
      for percentEncoded in [true, false] {
        let path = percentEncoded ? link.encodedPathAsWritten : link.decodedPathAsWritten
        let segment = String(firstSegment(path) ?? "")
        for caseSensitive in [true, false] {
          let key = Key(
            percentEncoded: percentEncoded, caseSensitive: caseSensitive,
            segment: caseSensitive ? segment : asciiLowercased(segment))
          candidates += entry.keyed[key] ?? []
        }
      }
      candidates.sort()
      for position in candidates {
        countAppLinkStep()
        let component = entry.detail.components[position]
        let settings = file.settings(component, in: entry.detail)
        if component.matches(
          link, caseSensitive: settings.caseSensitive, percentEncoded: settings.percentEncoded,
          variables: variables)
        {
          if !component.exclude { return component }
          // An exclusion keeps the URL out of this detail; a later detail may still open it.
          excluded = excluded ?? component
          break
        }
      }
    }
    return excluded
  }
}

/// Intent filters prepared for many questions: each filter is filed under each exact host it
/// names and the literal first path segment of each of its path rules, so a URL is tested
/// against the filters for its host and first segment (and those with wildcard hosts, no hosts,
/// or rules that do not start with a literal segment) instead of against every filter.
struct AndroidFilterIndex {
  private struct Key: Hashable {
    var host: String
    var segment: String
  }

  private let filters: [AndroidIntentFilter]
  /// Filters by exact host and first segment.
  private var keyed: [Key: [Int]] = [:]
  /// Filters by exact host whose rules (or lack of them) say nothing of the first segment.
  private var byHost: [String: [Int]] = [:]
  /// Filters with no host or a wildcard host.
  private var general: [Int] = []

  init(_ file: AndroidIntentFilters) {
    filters = file.filters
    for (position, filter) in file.filters.enumerated() {
      let hosts = filter.hosts.map(asciiLowercased)
      if hosts.isEmpty || hosts.contains(where: { $0.hasPrefix("*") }) {
        general.append(position)
        continue
      }
      let segments = filter.pathRules.map(Self.segment)
      for host in hosts {
        if segments.isEmpty || segments.contains(nil) {
          byHost[host, default: []].append(position)
          continue
        }
        for segment in Set(segments.compactMap { $0 }) {
          keyed[Key(host: host, segment: segment), default: []].append(position)
        }
      }
    }
  }

  /// The first segment every path the rule takes has, when the rule fixes it.
  private static func segment(_ rule: AndroidIntentFilter.PathRule) -> String? {
    switch rule {
    case .path(let path):
      return firstSegment(path).map(String.init)
    case .prefix(let prefix):
      // Only a prefix that ends its first segment fixes it.
      guard prefix.hasPrefix("/"), prefix.dropFirst().contains("/") else { return nil }
      return firstSegment(prefix).map(String.init)
    case .suffix:
      return nil
    case .pattern(let pattern):
      let items = AndroidSimpleGlob(pattern).items
      guard let first = items.first, first.scalar == "/", !first.repeated else { return nil }
      var segment = String.UnicodeScalarView()
      for item in items.dropFirst() {
        if item.scalar == "/" && !item.repeated { return String(segment) }
        // A wildcard, or a repeated character, leaves the segment open.
        guard let scalar = item.scalar, !item.repeated else { return nil }
        segment.append(scalar)
      }
      return String(segment)
    }
  }

  /// ``AndroidIntentFilters/opens(_:)``, answered from the index; each filter tested adds a
  /// step (``countAppLinkStep()``).
  func opens(_ url: String) -> Bool {
    !filters(for: url, stopAtFirst: true).isEmpty
  }

  /// Whether a filter with `android:autoVerify="true"` lets `url` in.
  func verifiedOpens(_ url: String) -> Bool {
    filters(for: url, stopAtFirst: false).contains(where: \.autoVerify)
  }

  /// The filters that let `url` in (only the first found, with `stopAtFirst`).
  private func filters(for url: String, stopAtFirst: Bool)
    -> [AndroidIntentFilter]
  {
    let link = LinkURLReader.standard.read(url)
    var candidates = general
    if let host = link.host {
      candidates += byHost[host] ?? []
      let segment = String(firstSegment(link.decodedPathAsWritten) ?? "")
      candidates += keyed[Key(host: host, segment: segment)] ?? []
    }
    var found: [AndroidIntentFilter] = []
    for position in candidates {
      countAppLinkStep()
      guard filters[position].matches(link) else { continue }
      found.append(filters[position])
      if stopAtFirst { break }
    }
    return found
  }
}
