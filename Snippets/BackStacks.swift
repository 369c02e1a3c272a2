// A back stack from one URL: the outputs of its parent routes, shortest first, then its own.
import Switchyard

enum Screen: Hashable {
  case product(Int)
  case reviews(Int)
  case review(Int, Int)
}

let router = try Router<Screen>(accepting: ["shop"])
try router.register("/product/<int:id>") { .product(try $0.value("id", as: Int.self)) }
try router.register("/product/<int:id>/reviews") { .reviews(try $0.value("id", as: Int.self)) }
try router.register("/product/<int:id>/reviews/<int:review>") {
  .review(try $0.value("id", as: Int.self), try $0.value("review", as: Int.self))
}

let path = router.stack(for: "shop://product/42/reviews/7")
print(path.map { "\($0)" })  // prints: ["product(42)", "reviews(42)", "review(42, 7)"]

// Handlers run in the stack's order, the root first: a main-actor handler that appends what it
// makes to a navigation path builds the path in order.
@MainActor final class Model {
  var path: [Screen] = []
}

@MainActor func pathRouter(_ model: Model) throws -> MainActorRouter<Screen> {
  let router = try MainActorRouter<Screen>(accepting: ["shop"])
  try router.register("/product/<int:id>") { match in
    model.path.append(.product(try match.value("id", as: Int.self)))
    return model.path.last
  }
  try router.register("/product/<int:id>/reviews") { match in
    model.path.append(.reviews(try match.value("id", as: Int.self)))
    return model.path.last
  }
  return router
}

let model = Model()
_ = try pathRouter(model).stack(for: "shop://product/42/reviews")
print(model.path.map { "\($0)" })  // prints: ["product(42)", "reviews(42)"]
