// HandyRouter's jumpers in Switchyard: a page module registered with one call, its parameters,
// `jump` functions that say "not mine" with `false`, and the unmatched handler.
import Switchyard
import SwitchyardMigration

enum RouteJumper: String, PageModule {
  case a = "A", b = "B"
  static var module: String { "Module" }
}

let router = Router<Bool>()
try router.register(module: RouteJumper.self) { page, parameters in
  switch page {
  case .a: print("jump to pageA")  // prints: jump to pageA
  case .b: print("jump to pageB")
  }
  return true
}

print(router.route("https://www.example.com/Module/A") ?? false)  // prints: true
print(router.route("https://www.example.com/Module/C") ?? false)  // prints: false

enum SettingsJumper: String, PageModule {
  case profile = "Profile"
  static let module = "settings"
}

let settings = Router<String>()
try settings.register(module: SettingsJumper.self) { page, parameters in
  "\(page): \(parameters["stringTypeDemo"] ?? "-") \(parameters.all("arrayTypeDemo"))"
}
let url = "myapp://settings/Profile?stringTypeDemo=on&arrayTypeDemo=1&arrayTypeDemo=2"
print(settings.route(url) ?? "no page")  // prints: profile: on ["1", "2"]

extension RouteJumper {
  // HandyRouter's `jump`, unchanged: `false` for a page it does not handle.
  static func jump(to page: RouteJumper, parameters: PageParameters) -> Bool {
    page == .a
  }
}

let jumps = Router<Bool>()
jumps.unmatchedHandler = { request in
  print("unmatched:", request.parts.scheme ?? "", request.parts.pathSegments, request.reason)
  return nil
}
try jumps.register(module: RouteJumper.self, jump: RouteJumper.jump(to:parameters:))
print(jumps.route("myapp://Module/B") ?? false)
// prints: unmatched: myapp ["Module", "B"] allDeclined
// prints: false
print(jumps.resolve("myapp://Module/B").isHandled)
// prints: unmatched: myapp ["Module", "B"] allDeclined
// prints: false
