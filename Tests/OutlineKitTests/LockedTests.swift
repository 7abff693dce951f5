import Dispatch
import Testing

@testable import OutlineKit

@Suite("a value threads take turns at")
struct LockedTests {
  @Test("two threads that add to one value at once lose no addition, and race at nothing")
  func takingTurns() {
    // Run under ThreadSanitizer too (make test-threads): the two threads meet at the lock
    // thousands of times, and each meeting that it did not see would be reported as a race.
    let additions = 20_000
    let total = Locked(0)
    let done = DispatchSemaphore(value: 0)
    var started = 0
    for _ in 0..<2 {
      let running = runOnOwnThread {
        for _ in 0..<additions { total.withLock { $0 += 1 } }
        done.signal()
      }
      if running { started += 1 }
    }
    for _ in 0..<started { done.wait() }
    #expect(started == 2)
    #expect(total.withLock { $0 } == started * additions)
  }

  @Test("what the body returns is what withLock returns, and what it changes stays changed")
  func returns() {
    let pairs = Locked((left: 1, right: "a"))
    #expect(
      pairs.withLock { pair -> String in
        pair.left += 1
        return pair.right + "b"
      } == "ab")
    #expect(pairs.withLock { $0.left } == 2)
  }
}
