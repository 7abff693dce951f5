import Synchronization

/// Raised when the command's time for conditions and patterns has run out: a condition
/// evaluated on a thread of its own stops at its next step.
final class StopFlag: Sendable {
  private let raised = Atomic<Bool>(false)

  var isRaised: Bool { raised.load(ordering: .relaxed) }

  func raise() { raised.store(true, ordering: .relaxed) }
}
