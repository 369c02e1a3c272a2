// Navigation in DeepNavigator's style, with a host that prints instead of showing UI.
import Switchyard

enum Screen: Hashable {
  case user(Int)
  case post(Int)
}

final class PrintingHost: NavigationHost {
  func push(_ screen: Screen, animated: Bool) { print("push", screen) }
  func present(_ screen: Screen, wrap: Bool, animated: Bool) { print("present", screen, wrap) }
  func setStack(_ screens: [Screen], animated: Bool) { print("stack", screens.map { "\($0)" }) }
}

let host = PrintingHost()
let navigator = Navigator<Screen>(scheme: "myapp", host: host)
try navigator.map("/user/<int:id>") { match in .user(try match.value("id", as: Int.self)) }
try navigator.map("/user/<int:uid>/post/<int:id>") { match in
  .post(try match.value("id", as: Int.self))
}
try navigator.map(
  "/alert",
  open: { match in
    print("alert:", match.query.last("title") ?? "")
    return true
  })

navigator.push("/user/123")  // prints: push user(123)
navigator.present("myapp://user/7", wrap: true)  // prints: present user(7) true
navigator.open("myapp://alert?title=Hello")  // prints: alert: Hello
navigator.showStack(for: "myapp://user/42/post/7")  // prints: stack ["user(42)", "post(7)"]
