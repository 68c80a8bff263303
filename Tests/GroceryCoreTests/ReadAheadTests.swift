import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// The second thread a long list reads its parts on (`ReadAhead`): results in order whatever the timing, the
/// first error last, and nothing run once the caller has stopped or returned.
@Suite struct ReadAheadTests {
  /// What the jobs record, from whichever thread runs them.
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var started: [Int] = []
    private var consumed = 0
    private var furthestAhead = 0

    func start(_ job: Int) {
      lock.withLock {
        started.append(job)
        furthestAhead = max(furthestAhead, job - consumed)
      }
    }
    func consume() { lock.withLock { consumed += 1 } }
    var jobs: [Int] { lock.withLock { started } }
    var ahead: Int { lock.withLock { furthestAhead } }
  }

  struct Stop: Error, Equatable { let job: Int }

  @Test func resultsComeInTheJobsOrderWhateverEachTakes() throws {
    var random = SeededRandom(seed: 3)
    for ahead in [1, 2, 5] {
      let log = Log()
      let delays = (0..<60).map { _ in UInt32.random(in: 0..<400, using: &random) }
      var seen: [Int] = []
      try ReadAhead.run(
        count: delays.count, ahead: ahead,
        produce: { job in
          log.start(job)
          usleep(delays[job])
          return job * 10
        },
        consume: { value in
          usleep(delays[(value / 10 + 7) % delays.count])
          log.consume()
          seen.append(value)
        })
      #expect(seen == (0..<60).map { $0 * 10 })
      #expect(log.jobs == Array(0..<60))
      // A job starts only once there is room for its result: at most `ahead` beyond the one being consumed.
      #expect(log.ahead <= ahead)
    }
    try ReadAhead.run(count: 0, produce: { _ in Issue.record("no job to run") }, consume: { _ in })
  }

  @Test func aSingleJobOrNoneAheadRunsOnTheCallersThreadAndSeveralOnAnother() throws {
    let caller = pthread_self()
    for (count, ahead) in [(1, 2), (2, 2), (5, 0)] {
      var threads: [Bool] = []
      let log = Log()
      try ReadAhead.run(
        count: count, ahead: ahead,
        produce: { job in
          log.start(job)
          return pthread_equal(pthread_self(), caller) != 0
        },
        consume: {
          log.consume()
          threads.append($0)
        })
      let here = count == 1 || ahead == 0
      #expect(threads == Array(repeating: here, count: count), "\(count) jobs, \(ahead) ahead")
      // With none ahead, each job runs only once the one before is consumed.
      if ahead == 0 { #expect(log.ahead == 0) }
    }
  }

  @Test func aJobThatThrowsIsTheLastRunAndItsErrorComesAfterTheResultsBeforeIt() throws {
    for failing in [0, 1, 9, 29] {
      let log = Log()
      var seen: [Int] = []
      #expect(throws: Stop(job: failing)) {
        try ReadAhead.run(
          count: 30,
          produce: { job in
            log.start(job)
            if job == failing { throw Stop(job: job) }
            return job
          },
          consume: { seen.append($0) })
      }
      #expect(seen == Array(0..<failing))
      #expect(log.jobs == Array(0...failing), "no job after the one that failed")
    }
  }

  @Test func aCallerThatStopsEndsTheRunAndNoJobRunsOnceItHasReturned() throws {
    for stopping in [0, 3, 19] {
      let log = Log()
      var seen: [Int] = []
      #expect(throws: Stop(job: stopping)) {
        try ReadAhead.run(
          count: 1000, ahead: 2,
          produce: { job in
            log.start(job)
            usleep(200)
            return job
          },
          consume: { job in
            if job == stopping { throw Stop(job: job) }
            seen.append(job)
          })
      }
      let run = log.jobs
      usleep(20_000)
      #expect(log.jobs == run, "a job ran after the call returned")
      #expect(seen == Array(0..<stopping))
      // The jobs queued or running when it stopped, and none after: at most the room for two, and one more
      // that was waiting for it.
      #expect(run.count <= stopping + 4)
      #expect(run == Array(0..<run.count))
    }
  }
}
