// A MainActorRouter: handlers that change main-actor state directly.
import Switchyard

enum Screen: Hashable { case user(Int) }

@MainActor final class AppModel { var path: [Screen] = [] }

let model = AppModel()
let router = MainActorRouter<Screen>()
try router.register("myapp://user/<int:id>") { match in
  let screen = Screen.user(try match.value("id", as: Int.self))
  model.path.append(screen)  // main-actor state, touched directly
  return screen
}
router.route("myapp://user/42")  // on the main actor (onOpenURL, scene delegate)
print(model.path.map { "\($0)" })  // prints: ["user(42)"]
