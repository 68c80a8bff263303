import Foundation
import TestSupport
import Testing

@testable import GroceryCore

/// `--lock-timeout` bounds a command's whole wait for other groceries, however many locks it takes in turn.
@Suite(.serialized) struct FileLockTests {
  let folder = TemporaryDirectory()

  /// Holds the lock at `path` as another process would (its own open file), until the returned file is closed.
  func hold(_ path: String) -> Int32 {
    let fd = open(path, O_RDWR | O_CREAT, 0o600)
    #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
    return fd
  }

  /// Lets go of a lock `hold` took a tenth of a second from now, on a thread of its own.
  func letGo(_ fd: Int32) {
    Thread.detachNewThread {
      usleep(100_000)
      close(fd)
    }
  }

  /// A sync waited the whole timeout for the sync lock, then as long again for the store's, and a change with a
  /// mirror for the mirrors' lock and then the store's: one whose wait is spent does not wait for the next lock,
  /// which it would have had had it waited (let go of well within the timeout).
  @Test func aWaitSpentOnOneLockIsNotHadAgainForTheNext() throws {
    let (first, second) = (folder.file("first.lock"), folder.file("second.lock"))
    let heldFirst = hold(first)
    defer { close(heldFirst) }
    let heldSecond = hold(second)
    let waiting = LockWaiting(limit: 0.3)
    var waits = 0
    #expect(throws: GroceryError.lockTimeout(path: first, seconds: 0.3)) {
      _ = try FileLock.acquire(first, waiting: waiting, onWait: { waits += 1 })
    }
    #expect(waiting.remaining == .zero)
    letGo(heldSecond)
    #expect(throws: GroceryError.lockTimeout(path: second, seconds: 0.3)) {
      _ = try FileLock.acquire(second, waiting: waiting, onWait: { waits += 1 })
    }
    #expect(waits == 2)
    // A lock no one holds is taken, whatever is left of the wait.
    usleep(300_000)
    _ = try FileLock.acquire(second, waiting: waiting, onWait: { waits += 1 })
    #expect(waits == 2)
  }

  /// What is left of the wait after part of it: the next lock is waited for, and had once let go of.
  @Test func aWaitPartlySpentLeavesTheRestForTheNextLock() throws {
    let (first, second) = (folder.file("first.lock"), folder.file("second.lock"))
    let heldFirst = hold(first)
    letGo(heldFirst)
    let waiting = LockWaiting(limit: 30)
    _ = try FileLock.acquire(first, waiting: waiting, onWait: {})
    let left = try #require(waiting.remaining)
    #expect(left < .seconds(30) && left > .seconds(20))
    let heldSecond = hold(second)
    letGo(heldSecond)
    _ = try FileLock.acquire(second, waiting: waiting, onWait: {})
    #expect(try #require(waiting.remaining) < left)
  }

  /// Every copy of a store a command makes (a sync's, a mirror's) shares its wait; a new timeout is a new wait.
  @Test func copiesOfAStoreShareOneWait() {
    var store = HouseholdStore(
      path: folder.file("h"), folder: folder.file("h"), stateFolder: folder.file("s"), lockTimeout: 5)
    let copy = store
    #expect(copy.lockWaiting === store.lockWaiting && copy.lockTimeout == 5)
    store.lockTimeout = 1
    #expect(copy.lockWaiting !== store.lockWaiting && store.lockTimeout == 1)
  }
}
