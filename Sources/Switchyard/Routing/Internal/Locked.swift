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

/// A value guarded by a mutual-exclusion lock.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18, above the package's floor, so this is a
/// plain OS lock (pthread mutex, or an SRW lock on Windows). Critical sections are short:
/// routers only swap snapshot references and edit their registries under it.
@usableFromInline
final class Locked<State>: @unchecked Sendable {
  #if os(Windows)
    private let lock: UnsafeMutablePointer<SRWLOCK>
  #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
  #endif
  private var state: State

  init(_ state: State) {
    self.state = state
    #if os(Windows)
      lock = UnsafeMutablePointer<SRWLOCK>.allocate(capacity: 1)
      InitializeSRWLock(lock)
    #else
      lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    #endif
  }

  deinit {
    #if !os(Windows)
      pthread_mutex_destroy(lock)
    #endif
    lock.deallocate()
  }

  /// Runs `body` with exclusive access to the state. `body` must not call back into the lock.
  func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    #if os(Windows)
      AcquireSRWLockExclusive(lock)
      defer { ReleaseSRWLockExclusive(lock) }
    #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
    #endif
    return try body(&state)
  }
}
