// Helpers shared by the test targets (a target of its own, so no test file is copied).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The stack size of secondary threads and of Swift concurrency on Apple platforms: parsing
/// and matching must fit in it whatever the input. Under AddressSanitizer or ThreadSanitizer,
/// whose instrumentation makes every frame several times larger, the thread gets four times
/// as much (what is tested there is memory and thread safety, not the stack budget).
public let smallStackSize = 512 * 1024 * (sanitizerIsActive ? 4 : 1)

/// Whether this process runs under AddressSanitizer or ThreadSanitizer (their runtimes define
/// these symbols).
public let sanitizerIsActive: Bool = {
  guard let process = dlopen(nil, RTLD_NOW) else { return false }
  defer { dlclose(process) }
  return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
}()

/// Runs `body` to completion on a new thread whose stack is `stackSize` bytes and returns its
/// result. The caller waits with `pthread_join`, so nothing depends on timing. A body that needs
/// more stack crashes the test process, which fails the run.
public func onSmallStack<Result: Sendable>(
  stackSize: Int = smallStackSize, _ body: @escaping @Sendable () -> Result
) -> Result {
  let job = SmallStackJob<Result>(body)
  job.run(stackSize: stackSize)
  guard let result = job.result else { fatalError("the thread ended without a result") }
  return result
}

/// What the thread runs and what it gives back. Only one thread touches it at a time: the new
/// thread until it ends, then the caller once `pthread_join` returns.
private final class SmallStackJob<Result>: @unchecked Sendable {
  let body: @Sendable () -> Result
  var result: Result?

  init(_ body: @escaping @Sendable () -> Result) { self.body = body }

  func run(stackSize: Int) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    precondition(pthread_attr_setstacksize(&attributes, stackSize) == 0, "stack size refused")
    let context = Unmanaged.passRetained(SmallStackStart(self.execute)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t? = nil
      precondition(pthread_create(&thread, &attributes, smallStackEntry, context) == 0)
      guard let thread else { fatalError("pthread_create gave no thread") }
      pthread_join(thread, nil)
    #else
      var thread = pthread_t()
      precondition(pthread_create(&thread, &attributes, smallStackEntry, context) == 0)
      pthread_join(thread, nil)
    #endif
  }

  private func execute() { result = body() }
}

/// The closure a new thread calls, passed through `pthread_create`'s context pointer.
private final class SmallStackStart: @unchecked Sendable {
  let start: () -> Void
  init(_ start: @escaping () -> Void) { self.start = start }
}

#if canImport(Darwin)
  private func smallStackEntry(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<SmallStackStart>.fromOpaque(context).takeRetainedValue().start()
    return nil
  }
#else
  private func smallStackEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<SmallStackStart>.fromOpaque(context).takeRetainedValue().start()
    return nil
  }
#endif
