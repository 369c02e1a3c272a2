extension RouteMatcher {
  /// The interceptors' request for `url`, lent to `body`: the best match (or a match of no
  /// route, see `RouteMatch.init(emptyIn:reading:)`), carrying `context` and the URL's kept
  /// reading.
  ///
  /// The request is made once and its match filled in place: no match is built apart and
  /// moved in, which the optimizer does with a copy (see `RoutingSnapshot.routeOutput`).
  @inline(__always)
  func readRequest(
    _ url: String, context: RoutingContext, _ body: (borrowing InterceptionRequest) -> Void
  ) {
    var slots = CaptureList()
    var split: MatcherStorage.Split? = nil
    let found = searchKeepingSplit(url, slots: &slots, split: &split)
    var request = InterceptionRequest(
      redirects: [], emptyIn: storage,
      // No split only for a URL of 2 GiB or more, which the search refuses.
      reading: split.map { URLReading(url, $0) } ?? URLReading(reading: url, options: options))
    if let found { request.core.fill(entry: found.entry, slots: &slots) }
    // An empty context is what a new match carries already.
    if !context.isEmpty { request.core.context = context }
    body(request)
  }
}
