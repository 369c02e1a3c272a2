// Handlers that change main-actor state directly: a MainActorRouter.
import Switchyard

enum Screen: Hashable {
  case home
  case user(Int)
}

@MainActor final class AppModel {
  var path: [Screen] = []
}

@MainActor func setUp() throws -> (MainActorRouter<Screen>, AppModel) {
  let model = AppModel()
  let router = MainActorRouter<Screen>()
  try router.register("myapp://user/<int:id>") { match in
    let screen = Screen.user(try match.value("id", as: Int.self))
    model.path.append(screen)  // no hop, no assumeIsolated
    return screen
  }
  return (router, model)
}

let (router, model) = try setUp()
// From another task the compiler asks for `await`: the handler still runs on the main actor.
let screen = await Task.detached { await router.route("myapp://user/42") }.value
print(screen.map { "\($0)" } ?? "nil", model.path.map { "\($0)" })  // prints: user(42) ["user(42)"]
