import Dispatch

/// Batches of texts handed from the command's thread to the thread a pattern matches
/// them on, a few at a time, and what the pattern found: the command's thread makes
/// the next batch while the pattern matches the one before.
///
/// The command's thread waits for room, or for what was found, no longer than the
/// pattern's time; when that runs out it ends the handover and leaves the pattern's
/// thread, which owns the batch it holds, to finish alone.
final class BatchHandover<Found: Sendable>: Sendable {
  /// Batches made and not yet taken, at most.
  static var batchesAhead: Int { 2 }

  private struct State {
    var batches: [TextBatch] = []
    var ended = false
    var found: Result<Found, SelectionError>? = nil
  }

  private let state = Locked(State())
  /// Signalled for each batch given, and at the end.
  private let given = DispatchSemaphore(value: 0)
  /// Signalled for each batch taken, and when the pattern has found what it found.
  private let changed = DispatchSemaphore(value: 0)

  /// Hands `batch` over once there is room for it; false when the pattern has stopped
  /// taking batches (it finished early, or failed) or when `deadline` comes first.
  func give(_ batch: TextBatch, before deadline: DispatchTime) -> Bool {
    while true {
      let handed = state.withLock { state -> Bool? in
        if state.found != nil { return false }
        guard state.batches.count < Self.batchesAhead else { return nil }
        state.batches.append(batch)
        return true
      }
      if let handed {
        if handed { given.signal() }
        return handed
      }
      if changed.wait(timeout: deadline) == .timedOut { return false }
    }
  }

  /// Says no batch comes after those given: the pattern's thread, when it has taken them
  /// (or at once when the pattern is given up on), takes none.
  func end() {
    state.withLock { $0.ended = true }
    given.signal()
  }

  /// The next batch, waiting for it; nil at the end.
  func take() -> TextBatch? {
    while true {
      given.wait()
      let taken = state.withLock { state -> TextBatch?? in
        if !state.batches.isEmpty { return .some(state.batches.removeFirst()) }
        return state.ended ? .some(nil) : nil
      }
      if let taken {
        if taken != nil { changed.signal() }
        return taken
      }
    }
  }

  /// Keeps what the pattern found, or why it could not.
  func finish(_ found: Result<Found, SelectionError>) {
    state.withLock { $0.found = found }
    changed.signal()
  }

  /// What the pattern found, once it has; nil when `deadline` comes first.
  func found(before deadline: DispatchTime) -> Result<Found, SelectionError>? {
    while true {
      if let found = state.withLock({ $0.found }) { return found }
      if changed.wait(timeout: deadline) == .timedOut { return nil }
    }
  }
}
