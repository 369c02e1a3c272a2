// A back stack from one URL: the destinations of its parent routes, then its own.
import Switchyard

enum Destination: Hashable {
  case user(Int)
  case post(Int)
}

let router = Router<Destination>()
try router.register("myapp://user/<int:id>") { .user(try $0.value("id", as: Int.self)) }
try router.register("myapp://user/<int:uid>/post/<int:id>") {
  .post(try $0.value("id", as: Int.self))
}

// For SwiftUI: NavigationStack(path: $path) with path = router.stack(for: url)
let path = router.stack(for: "myapp://user/42/post/7")
print(path.map { "\($0)" })  // prints: ["user(42)", "post(7)"]
