@testable import Switchyard

/// A thread-safe list that tests append to from handlers, observers and tasks.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])

  func append(_ element: Element) {
    storage.withLock { $0.append(element) }
  }

  var all: [Element] { storage.withLock { $0 } }

  func removeAll() {
    storage.withLock { $0.removeAll() }
  }
}

/// The destinations the tests route to.
enum Destination: Hashable, Sendable {
  case home
  case user(Int)
  case post(Int)
  case userPost(user: Int, post: Int)
  case search(String)
  case slug(String)
  case login
  case fallback(String)
  case web(String)
}
