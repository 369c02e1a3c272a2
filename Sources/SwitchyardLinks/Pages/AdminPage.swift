/// The `GET /admin` page: clicks by people per day and per route as charts the server draws in
/// SVG (previews by crawlers, app opens and installs told apart, never added to the clicks),
/// the top links and the recently refused mints, on the same small, strict page as the others (no script, the shared style
/// sheet named by its hash).
///
/// ```swift
/// let html = AdminPage.render(
///   days: [StatsRow(key: "2027-01-15", clicks: 4)], routes: [StatsRow(key: "post", clicks: 4)],
///   links: [StatsRow(key: "hello", clicks: 4)])
/// ```
enum AdminPage {
  /// The page. `days` holds every day of the range in order (days without counts at 0),
  /// `routes` and `links` the largest first; `refused` the recent refused mints (their time as
  /// RFC 3339 text, and the reason), newest first. The headline counts clicks by people
  /// alone; previews, app opens and installs follow it, each apart.
  static func render(
    days: [StatsRow], routes: [StatsRow], links: [StatsRow],
    refused: [(time: String, reason: String)] = [], csrf: String? = nil,
    list: LinkList? = nil
  ) -> String {
    let totals = StatsRow.sum(days, key: "")
    let total = totals.clicks
    let first = days.first.map { HTMLEscaping.escape($0.key) } ?? ""
    let last = days.last.map { HTMLEscaping.escape($0.key) } ?? ""
    var body = csrf.map(signOutForm) ?? ""
    body += "<h1>Clicks</h1>\n"
    body += "<p>\(total) \(total == 1 ? "click" : "clicks") from \(first) to \(last) (UTC).</p>\n"
    body +=
      "<p>Apart from the clicks: \(totals.appOpens) app \(totals.appOpens == 1 ? "open" : "opens"), "
      + "\(totals.installs) \(totals.installs == 1 ? "install" : "installs"), and "
      + "\(totals.previews) \(totals.previews == 1 ? "preview" : "previews") fetched by link-preview "
      + "crawlers, which are not clicks.</p>\n"
    body += "<h2>Per day</h2>\n" + dayChart(days)
    body += "<h2>Per route</h2>\n"
    body += routes.isEmpty ? "<p>No clicks yet.</p>\n" : barChart(routes, label: "Clicks per route")
    body += "<h2>Top links</h2>\n"
    if links.isEmpty {
      body += "<p>No clicks yet.</p>\n"
    } else {
      body +=
        "<table>\n<tr><th>Link</th><th class=\"n\">Clicks</th><th class=\"n\">App opens</th>"
        + "<th class=\"n\">Installs</th><th class=\"n\">Previews</th></tr>\n"
      for link in links {
        body +=
          "<tr><td>\(HTMLEscaping.escape(link.key))</td><td class=\"n\">\(link.clicks)</td>"
          + "<td class=\"n\">\(link.appOpens)</td><td class=\"n\">\(link.installs)</td>"
          + "<td class=\"n\">\(link.previews)</td></tr>\n"
      }
      body += "</table>\n"
    }
    if let list { body += linkList(list) }
    body += "<h2>Refused mints</h2>\n"
    if refused.isEmpty {
      body += "<p>None in the last 7 days.</p>\n"
    } else {
      body +=
        "<p>Links the table does not handle (422), newest first, since the service started.</p>\n"
        + "<table>\n<tr><th>When (UTC)</th><th>Why</th></tr>\n"
      for entry in refused {
        body +=
          "<tr><td>\(HTMLEscaping.escape(entry.time))</td>"
          + "<td>\(HTMLEscaping.escape(entry.reason))</td></tr>\n"
      }
      body += "</table>\n"
    }
    return page(title: "Switchyard Links: clicks", body: body)
  }

  /// A page of the links, in code order, and the code after which the next page starts
  /// (none on the last page).
  struct LinkList {
    var links: [LinkRecord]
    var next: String?
  }

  /// The links' table: code (a link to its own page), title, destination, route, expiry; and
  /// a link to the next page.
  static func linkList(_ list: LinkList) -> String {
    var html = "<h2>Links</h2>\n"
    guard !list.links.isEmpty else { return html + "<p>No links.</p>\n" }
    html +=
      "<table>\n<tr><th>Code</th><th>Title</th><th>Destination</th><th>Route</th>"
      + "<th>Expires (UTC)</th></tr>\n"
    for link in list.links {
      // A code is 1 to 64 of A-Z a-z 0-9 _ -: safe in a path, escaped all the same.
      let code = HTMLEscaping.escape(link.code)
      html +=
        "<tr><td><a href=\"/admin/links/\(code)\">\(code)</a></td>"
        + "<td>\(HTMLEscaping.escape(link.title ?? ""))</td>"
        + "<td>\(HTMLEscaping.escape(link.url))</td>"
        + "<td>\(HTMLEscaping.escape(link.route))</td>"
        + "<td>\(link.expires.map { HTMLEscaping.escape(RFC3339.text($0)) } ?? "never")</td></tr>\n"
    }
    html += "</table>\n"
    if let next = list.next {
      html += "<p><a href=\"/admin?after=\(HTMLEscaping.escape(next))\">Next page</a></p>\n"
    }
    return html
  }

  /// A link's own page: what it is, and its clicks, previews, app opens and installs per day
  /// of `days` (every day of the range in order) as server-drawn SVG charts.
  ///
  /// ```swift
  /// let html = AdminPage.link(record, days: days, csrf: session.csrf)
  /// ```
  static func link(
    _ link: LinkRecord, days: [StatsRow], csrf: String?, refused: String? = nil,
    edited: [String: String] = [:]
  ) -> String {
    let code = HTMLEscaping.escape(link.code)
    var body = csrf.map(signOutForm) ?? ""
    body += "<p><a href=\"/admin\">All links</a></p>\n<h1>\(code)</h1>\n"
    if let refused { body += "<p role=\"alert\">\(HTMLEscaping.escape(refused))</p>\n" }
    body += "<table>\n"
    let fields: [(String, String)] = [
      ("Destination", link.url), ("Route", link.route), ("Title", link.title ?? ""),
      ("Description", link.description ?? ""), ("Image", link.image ?? ""),
      ("Expires (UTC)", link.expires.map { RFC3339.text($0) } ?? "never"),
      ("Created (UTC)", RFC3339.text(link.created)),
    ]
    for (name, value) in fields {
      body += "<tr><th>\(name)</th><td>\(HTMLEscaping.escape(value))</td></tr>\n"
    }
    body += "</table>\n"
    if let csrf { body += editForms(link, csrf: csrf, edited: edited) }
    let totals = StatsRow.sum(days, key: "")
    let first = days.first.map { HTMLEscaping.escape($0.key) } ?? ""
    let last = days.last.map { HTMLEscaping.escape($0.key) } ?? ""
    body += "<p>From \(first) to \(last) (UTC).</p>\n"
    let kinds: [(String, Int, (StatsRow) -> Int)] = [
      ("Clicks", totals.clicks, { $0.clicks }), ("Previews", totals.previews, { $0.previews }),
      ("App opens", totals.appOpens, { $0.appOpens }),
      ("Installs", totals.installs, { $0.installs }),
    ]
    for (label, total, count) in kinds {
      body += "<h2>\(label): \(total)</h2>\n" + dayChart(days, label: label, count: count)
    }
    return page(title: "Switchyard Links: \(code)", body: body)
  }

  /// The fields of the edit form, by the names `PATCH /v1/links/CODE` gives them: the link's
  /// values as the form shows them (no expiry and no title are empty).
  static func formValues(_ link: LinkRecord) -> [String: String] {
    [
      "url": link.url, "title": link.title ?? "", "description": link.description ?? "",
      "image": link.image ?? "", "expires": link.expires.map { RFC3339.text($0) } ?? "",
    ]
  }

  /// The edit form (posting to `/admin/links/CODE`, the link's values or those `edited`) and
  /// the delete button (posting to `/admin/links/CODE/delete`), each with the CSRF token.
  static func editForms(_ link: LinkRecord, csrf: String, edited: [String: String]) -> String {
    let code = HTMLEscaping.escape(link.code)
    let token = "<input type=\"hidden\" name=\"csrf\" value=\"\(HTMLEscaping.escape(csrf))\">\n"
    let values = formValues(link).merging(edited) { _, sent in sent }
    let fields: [(name: String, label: String)] = [
      ("url", "Long URL"), ("title", "Title"), ("description", "Description"),
      ("image", "Image (https URL)"), ("expires", "Expires (RFC 3339, UTC; empty: never)"),
    ]
    var html =
      "<h2>Edit</h2>\n<form method=\"post\" action=\"/admin/links/\(code)\" class=\"edit\">\n"
      + token
    for field in fields {
      let value = HTMLEscaping.escape(values[field.name] ?? "")
      html +=
        "<p><label for=\"\(field.name)\">\(field.label)</label>\n"
        + (field.name == "description"
          ? "<textarea id=\"description\" name=\"description\" rows=\"3\">\(value)</textarea>"
          : "<input id=\"\(field.name)\" name=\"\(field.name)\" type=\"text\" value=\"\(value)\""
            + (field.name == "url" ? " required" : "") + ">")
        + "</p>\n"
    }
    html += "<p><button type=\"submit\">Save</button></p>\n</form>\n"
    html +=
      "<form method=\"post\" action=\"/admin/links/\(code)/delete\">\n" + token
      + "<p><button type=\"submit\">Delete: the link ends now and answers 410</button></p>\n"
      + "</form>\n"
    return html
  }

  /// The sign-out button: a form posting the session's CSRF token to `/admin/sign-out`.
  static func signOutForm(csrf: String) -> String {
    "<form method=\"post\" action=\"/admin/sign-out\">"
      + "<input type=\"hidden\" name=\"csrf\" value=\"\(HTMLEscaping.escape(csrf))\">"
      + "<button type=\"submit\">Sign out</button></form>\n"
  }

  /// The sign-in page: a form posting the token to `/admin/session`; `message` (escaped) says
  /// why the last one was refused.
  ///
  /// ```swift
  /// let html = AdminPage.signIn(message: "That is not the token.")
  /// ```
  static func signIn(message: String? = nil) -> String {
    var body = "<h1>Sign in</h1>\n"
    if let message { body += "<p role=\"alert\">\(HTMLEscaping.escape(message))</p>\n" }
    body +=
      "<form method=\"post\" action=\"/admin/session\">\n"
      + "<p><label for=\"token\">The service's token (the contents of --token-file)</label></p>\n"
      + "<p><input id=\"token\" name=\"token\" type=\"password\" autocomplete=\"current-password\" "
      + "required></p>\n"
      + "<p><button type=\"submit\">Sign in</button></p>\n</form>\n"
    return page(title: "Switchyard Links: sign in", body: body)
  }

  /// An admin page: the pages' style sheet and the admin's (desktop width), forms posting to
  /// the service; its `<meta>` policy is ``LinkPages/adminContentSecurityPolicy``'s.
  static func page(title: String, body: String) -> String {
    LinkPages.page(
      title: title, head: "", body: body,
      theme: (LinkPages.adminStylesheet, LinkPages.adminStyleHash), forms: true)
  }

  /// Columns, one per day, scaled to the busiest day; each with a `<title>` a screen reader
  /// and a pointer read.
  static func dayChart(
    _ days: [StatsRow], label: String = "Clicks", count: (StatsRow) -> Int = { $0.clicks }
  ) -> String {
    let width = 320
    let height = 120
    let top = max(1, days.map(count).max() ?? 0)
    let step = days.isEmpty ? 0 : width / days.count
    var svg =
      "<svg viewBox=\"0 0 \(width) \(height + 16)\" role=\"img\" "
      + "aria-label=\"\(label) per day, the busiest day \(top)\">\n"
    for (index, day) in days.enumerated() {
      let barHeight = count(day) * height / top
      let x = index * step
      svg +=
        "<rect x=\"\(x + 1)\" y=\"\(height - barHeight)\" width=\"\(max(1, step - 2))\" "
        + "height=\"\(barHeight)\" fill=\"#0a5fc7\"><title>\(HTMLEscaping.escape(day.key)): "
        + "\(count(day))</title></rect>\n"
    }
    svg += "<line x1=\"0\" y1=\"\(height)\" x2=\"\(width)\" y2=\"\(height)\" stroke=\"#8e8e93\"/>\n"
    if let first = days.first, let last = days.last {
      svg +=
        "<text x=\"0\" y=\"\(height + 13)\" font-size=\"10\" fill=\"#8e8e93\">"
        + "\(HTMLEscaping.escape(first.key))</text>\n"
        + "<text x=\"\(width)\" y=\"\(height + 13)\" font-size=\"10\" fill=\"#8e8e93\" "
        + "text-anchor=\"end\">\(HTMLEscaping.escape(last.key))</text>\n"
    }
    return svg + "</svg>\n"
  }

  /// Horizontal bars, one per row, scaled to the largest, with the key and the count.
  static func barChart(_ rows: [StatsRow], label: String) -> String {
    let width = 320
    let row = 22
    let labelWidth = 110
    let top = max(1, rows.map(\.clicks).max() ?? 0)
    var svg =
      "<svg viewBox=\"0 0 \(width) \(rows.count * row)\" role=\"img\" "
      + "aria-label=\"\(HTMLEscaping.escape(label))\">\n"
    for (index, entry) in rows.enumerated() {
      let y = index * row
      let barWidth = max(1, entry.clicks * (width - labelWidth - 40) / top)
      let key = HTMLEscaping.escape(String(entry.key.prefix(18)))
      svg +=
        "<text x=\"0\" y=\"\(y + 15)\" font-size=\"12\" fill=\"#8e8e93\">\(key)</text>\n"
        + "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(barWidth)\" height=\"16\" "
        + "fill=\"#0a5fc7\"><title>\(HTMLEscaping.escape(entry.key)): \(entry.clicks)</title></rect>\n"
        + "<text x=\"\(labelWidth + barWidth + 4)\" y=\"\(y + 15)\" font-size=\"12\" "
        + "fill=\"#8e8e93\">\(entry.clicks)</text>\n"
    }
    return svg + "</svg>\n"
  }
}
