#if canImport(Darwin)
  internal import Darwin
#elseif canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Android)
  internal import Android
#elseif os(Windows)
  internal import WinSDK
#endif

/// The OS lock under ``Locked`` and ``ParsedParameters``: a pthread mutex, or an SRW lock on
/// Windows, used in place (its address must not change while it is in use).
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18, above the package's floor.
enum OSLock {
  #if os(Windows)
    typealias Primitive = SRWLOCK
  #else
    typealias Primitive = pthread_mutex_t
  #endif

  static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
    #if os(Windows)
      InitializeSRWLock(lock)
    #else
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    #endif
  }

  static func destroy(_ lock: UnsafeMutablePointer<Primitive>) {
    #if !os(Windows)
      pthread_mutex_destroy(lock)
    #endif
  }

  static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
    #if os(Windows)
      AcquireSRWLockExclusive(lock)
    #else
      pthread_mutex_lock(lock)
    #endif
  }

  static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
    #if os(Windows)
      ReleaseSRWLockExclusive(lock)
    #else
      pthread_mutex_unlock(lock)
    #endif
  }
}

/// A value guarded by a mutual-exclusion lock (an ``OSLock``).
///
/// Critical sections are short: routers only swap snapshot references and edit their
/// registries under it. The state is the header of a `ManagedBuffer` and the lock its one tail
/// element, as ``ParsedParameters`` keeps its own: the compiler tracks the state's lifetime
/// (nothing is allocated or freed by hand), and the header is reached through the buffer's
/// pointer, so an access adds no dynamic exclusivity check to a routing call (the lock already
/// makes every access exclusive). Copies of a `Locked` share one state and one lock.
@usableFromInline
package struct Locked<State> {
  /// The state, with the lock as the one tail element.
  private final class Buffer: ManagedBuffer<State, OSLock.Primitive> {
    deinit {
      withUnsafeMutablePointerToElements { OSLock.destroy($0) }
    }
  }

  private let buffer: Buffer

  init(_ state: State) {
    let made = Buffer.create(minimumCapacity: 1) { _ in state }
    made.withUnsafeMutablePointerToElements { OSLock.initialize($0) }
    buffer = unsafeDowncast(made, to: Buffer.self)
  }

  /// Runs `body` with exclusive access to the state. `body` must not call back into the lock.
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try buffer.withUnsafeMutablePointers { (state, lock) throws(Failure) -> Result in
      OSLock.lock(lock)
      defer { OSLock.unlock(lock) }
      return try body(&state.pointee)
    }
  }
}

// The lock makes every access to the state exclusive, so a `Locked` may cross threads when
// its state may: never for a state that is not `Sendable`.
extension Locked: @unchecked Sendable where State: Sendable {}
