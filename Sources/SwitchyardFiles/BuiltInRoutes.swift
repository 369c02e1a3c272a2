import Switchyard

/// The example table used when there is no `--routes` and no `./routes.json`.
///
/// It is the route file of an imaginary shop app, "myapp", with deep links (`myapp://…`, whose
/// host is read as the first path segment) and universal links on `example.com`. Between them
/// the routes use every pattern feature (the Pattern Syntax article), so `switchyard match` can be tried with
/// no set-up. The table accepts two link origins, `myapp` and `https://(www.)example.com`: its
/// path-only patterns (`/account/orders`, `/legacy/*`) answer both and nothing else.
///
/// ```sh
/// switchyard match 'myapp://user/42?tab=posts'
/// ```
package enum BuiltInRoutes {
  /// The route file's text (JSON, version 1).
  package static let json = #"""
    {
      "version": 1,
      "options": {
        "hostAsPath": "customSchemes",
        "caseInsensitivePaths": false,
        "plusAsSpace": false,
        "defaultScheme": null,
        "acceptedOrigins": ["myapp", "https://(www.)example.com"]
      },
      "routes": [
        { "name": "home",          "pattern": "myapp://(home)" },
        { "name": "user",          "pattern": "myapp://user/<int:id>" },
        { "name": "userTab",       "pattern": "myapp://user/<int:id>/:tab" },
        { "name": "product",       "pattern": "myapp://product/<uuid:id>" },
        { "name": "deals",         "pattern": "myapp://deals/under/<float:price>" },
        { "name": "category",      "pattern": "myapp://shop/<string:category>(/page/<int:page>)" },
        { "name": "files",         "pattern": "myapp://files/<path:path>" },
        { "name": "search",        "pattern": "myapp://search?q=<term>" },
        { "name": "searchRecent",  "pattern": "myapp://search?q=<term>&sort=recent" },
        { "name": "help",          "pattern": "myapp://help#<section>" },
        { "name": "helpShipping",  "pattern": "myapp://help#shipping" },
        { "name": "settings",      "pattern": "myapp://settings/*rest" },
        { "name": "profile",       "pattern": "https://(www.)example.com/@:username" },
        { "name": "article",       "pattern": "http(s)://(www.)example.com/articles/<int:id>(/:slug)" },
        { "name": "articleJSON",   "pattern": "https://api.example.com/articles/<id>.json" },
        { "name": "blogPost",      "pattern": "https://*.example.com/post/:id" },
        { "name": "shortLink",     "pattern": "https://*/s/:code" },
        { "name": "campaign",      "pattern": "https://(*.)example.com/*?utm_campaign=<campaign>", "priority": 1 },
        { "name": "orders",        "pattern": "/account/orders", "metadata": { "requiresSignIn": true } },
        { "name": "legacy",        "pattern": "/legacy/*" },
        { "name": "website",       "pattern": "http(s)://(*.)example.com/*rest", "priority": -1 }
      ]
    }
    """#

  /// The file name used in messages about the built-in table.
  package static let fileName = "<built-in routes>"

  /// The parsed table.
  package static func table() throws(RouteFileError) -> RouteTable {
    try RouteFile.parse(json, fileName: fileName)
  }
}
