import Switchyard

/// A `Routes` type written by hand as `@Routes` writes it: `url` builds through the type's
/// static table, whose compiled matcher (kept in the table's slot) every caller shares. Its
/// two routes read the same URLs, `/category/<int:id>` first, so the URL of
/// `.categorySlug(slug: "4")` is won by `.category(id: 4)` and refused.
///
/// ```swift
/// try ShopCategoryLink.category(id: 4).url           // "shop://category/4"
/// try ShopCategoryLink.categorySlug(slug: "4").url  // throws .ambiguous
/// ```
public enum ShopCategoryLink: Routes, Equatable {
  case category(id: Int)
  case categorySlug(slug: String)

  public static let routeTable: RouteTable = {
    var table = RouteTable(options: RouteOptions(defaultScheme: "shop"))
    for (name, pattern) in [
      ("category", "/category/<int:id>"), ("categorySlug", "/category/:slug"),
    ] {
      do { try table.add(name, pattern) } catch { fatalError("\(error)") }
    }
    return table
  }()

  public init?(routeIndex: Int, match: RouteMatch) {
    switch routeIndex {
    case 0:
      guard let id = try? match.value("id", as: Int.self) else { return nil }
      self = .category(id: id)
    case 1:
      guard let slug = try? match.value("slug", as: String.self) else { return nil }
      self = .categorySlug(slug: slug)
    default: return nil
    }
  }

  public func url(host: String? = nil, scheme: String? = nil) throws(URLBuildingError) -> String {
    switch self {
    case .category(let id):
      try Self.routeTable.url(for: "category", values: ["id": id], host: host, scheme: scheme)
    case .categorySlug(let slug):
      try Self.routeTable.url(
        for: "categorySlug", values: ["slug": slug], host: host, scheme: scheme)
    }
  }
}
