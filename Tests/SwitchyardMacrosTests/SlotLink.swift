import SwitchyardMacros

// Captures in every place a match can hold them, read by slot or by name by the generated code.
@Routes
enum SlotLink: Hashable {
  @Route("/n/:id")
  case number(id: Int)  // an `Int` from a string capture, read from its bytes

  @Route("/v<int:major>/r<minor>.json")
  case version(major: Int, minor: String)  // partial-segment captures

  @Route("/s/*/<name>")
  case afterStar(name: String)  // an unnamed `*` takes a slot

  @Route("/x(/<a>)/<b>")
  case moved(a: String?, b: String)  // `b` moves with the optional group: read by name

  @Route("/q/:key?v=<value>#<frag>")
  case query(key: String, value: String, frag: String)

  @Route("/pair/:x/:y")
  @Route("/swap/:y/:x")
  case pair(x: String, y: String)  // the second pattern holds them in the other order
}
