// Interceptors (pass, reject, redirect) and an observer of every routing decision.
import Switchyard

let router = Router<String>()
try router.register("myapp://settings", name: "settings") { _ in "settings" }
try router.register("myapp://login") { _ in "login" }
try router.register("myapp://admin") { _ in "admin" }
router.unmatchedHandler = { request in "unmatched (\(request.reason))" }

let loggedIn = false
router.intercept(scheme: "myapp", name: "login") { request in
  if request.match?.route.name == "settings", !loggedIn { return .redirect(to: "myapp://login") }
  return .pass
}
router.intercept(name: "no-admin") { request in
  request.parts.pathSegments.first == "admin" ? .reject : .pass
}
router.observe { event in
  // The pattern, never the URL: no personal data in logs.
  print("  \(event.outcome) \(event.pattern ?? "-") \(event.interceptor ?? "-")")
}

print(router.route("myapp://settings") ?? "-")
// prints:   redirected myapp://settings login
// prints:   handled myapp://login -
// prints: login
print(router.route("myapp://admin") ?? "-")
// prints:   rejected myapp://admin no-admin
// prints: unmatched (rejected)
