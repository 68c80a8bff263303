import Dispatch

/// Runs a list of jobs on a second thread a few ahead of the calling thread, which takes their results in order:
/// a long list reads the next parts from the cache while the one before is laid out and written, on two cores.
///
/// Each result reaches `consume` in the jobs' order, whatever the threads' timing, and a job that throws is the
/// last one run: its error is thrown after every job before it has been consumed. When `consume` throws, no job
/// begins after the second thread next looks (a job it was running, or had just begun, is finished). Either way
/// `run` returns only once the second thread is done with `produce`, so that whatever `produce` uses is the
/// caller's again, one thread at a time: `produce` must use nothing the caller uses meanwhile, and `consume`
/// runs on the caller's thread.
enum ReadAhead {
  /// What the two threads share, each of its values behind `lock`.
  private final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var results: [Result<Value, any Error>] = []
    private var stopped = false
    /// Signalled once a result is queued.
    let ready = DispatchSemaphore(value: 0)
    /// Signalled once there is room for another result.
    let room = DispatchSemaphore(value: 0)
    /// Signalled once the second thread is done.
    let done = DispatchSemaphore(value: 0)

    /// `room` starts at zero and is given its places one by one: libdispatch stops a process that frees a
    /// semaphore whose count is below the one it started with, as `room`'s is when the caller stops. (`lock`
    /// always ends as it started, at one.)
    init(ahead: Int) {
      for _ in 0..<ahead { room.signal() }
    }

    private func locked<T>(_ body: () -> T) -> T {
      lock.wait()
      defer { lock.signal() }
      return body()
    }

    var isStopped: Bool { locked { stopped } }
    func stop() { locked { stopped = true } }
    func put(_ result: Result<Value, any Error>) { locked { results.append(result) } }
    func take() -> Result<Value, any Error> { locked { results.removeFirst() } }
  }

  /// Unchecked: what the jobs use is used by one thread at a time, as `run` says.
  struct Jobs<Value>: @unchecked Sendable {
    let produce: (Int) throws -> Value
  }

  /// Runs `produce` for each job from 0 to `count - 1` on a second thread, at most `ahead` results beyond the
  /// one being consumed, and hands each to `consume` on this thread, in order. With `ahead` 0, or one job or none
  /// (a household's list), every job runs on this thread, each consumed before the next is run: one result in
  /// memory at a time, and no thread to start, which costs more than a read of one part.
  static func run<Value: Sendable>(
    count: Int, ahead: Int = 2, produce: @escaping (Int) throws -> Value, consume: (Value) throws -> Void
  ) throws {
    precondition(ahead >= 0, "room for fewer than no results")
    if ahead == 0 || count <= 1 {
      for index in 0..<count { try consume(try produce(index)) }
      return
    }
    let handoff = Handoff<Value>(ahead: ahead)
    let jobs = Jobs(produce: produce)
    DispatchQueue.global().async {
      for index in 0..<count {
        handoff.room.wait()
        if handoff.isStopped { break }
        let result = Result { try jobs.produce(index) }
        handoff.put(result)
        handoff.ready.signal()
        if case .failure = result { break }
      }
      handoff.done.signal()
    }
    defer {
      // A second thread waiting for room finds the run stopped; one running a job is waited for.
      handoff.stop()
      handoff.room.signal()
      handoff.done.wait()
    }
    for _ in 0..<count {
      handoff.ready.wait()
      let result = handoff.take()
      handoff.room.signal()
      try consume(try result.get())
    }
  }
}
