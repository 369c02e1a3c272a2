import Clocks
import Switchyard
import Testing

/// Whether a route holds links decides, at every dispatch, if a link for it is queued behind
/// them or delivered; the router keeps a count per route for that. These tests move links in
/// and out of the held list every way there is and check that the answer follows.
@Suite("Held links: which routes hold links")
struct HeldLinkRouteCountTests {
  @Test("Links for a ready route are delivered while another route holds hundreds")
  func readyBesideHeld() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    try router.declare("/waiting/<int:n>", name: "waiting")
    try router.register("/ready/<int:n>", name: "ready") { try $0.value("n", as: Int.self) }
    let patient = HoldPolicy(timeout: nil, capacity: nil)
    let held = (0..<300).map { router.dispatch("myapp://waiting/\($0)", policy: patient) }
    let ready = (0..<300).map { router.dispatch("myapp://ready/\($0)") }
    #expect(router.links.held.count == 300)
    for (index, link) in ready.enumerated() { #expect(await link.result.output == index) }
    try router.attach("waiting") { try $0.value("n", as: Int.self) * 2 }
    for (index, link) in held.enumerated() { #expect(await link.result.output == index * 2) }
    #expect(router.links.held.isEmpty)
  }

  @Test("A cancelled held link no longer counts: the route's next link is held, not dropped")
  func cancelledLinkForgotten() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    try router.declare(
      "/p/<int:n>", name: "p", metadata: .with(.holdPolicy, HoldPolicy(repeats: .keepFirst)))
    let first = router.dispatch("myapp://p/1")
    let repeated = router.dispatch("myapp://p/2")
    #expect(await repeated.result.outcome == .dropped)
    first.cancel()
    #expect(await first.result.outcome == .cancelled)
    let next = router.dispatch("myapp://p/3")
    #expect(router.links.held.map(\.id) == [next.id])
    try router.attach("p") { try $0.value("n", as: Int.self) }
    #expect(await next.result.output == 3)
  }

  @Test("keepLatest replaces the route's held link; other routes' links stay")
  func keepLatestCounts() async throws {
    let router = Router<Int>()
    router.links.use(TestClock())
    try router.declare(
      "/p/<int:n>", name: "p", metadata: .with(.holdPolicy, HoldPolicy(repeats: .keepLatest)))
    try router.declare("/q/<int:n>", name: "q")
    let q = router.dispatch("myapp://q/1")
    let p = (1...5).map { router.dispatch("myapp://p/\($0)") }
    #expect(router.links.held.map(\.id) == [q.id, p[4].id])
    for link in p.dropLast() { #expect(await link.result.outcome == .dropped) }
    try router.attach("p") { try $0.value("n", as: Int.self) }
    #expect(await p[4].result.output == 5)
    // `p` holds nothing now: its next link goes straight through, while `q` still waits.
    #expect(await router.dispatch("myapp://p/6").result.output == 6)
    #expect(router.links.held.map(\.id) == [q.id])
  }
}
