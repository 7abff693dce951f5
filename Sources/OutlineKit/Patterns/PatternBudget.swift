/// The time every `/regex/` of one command may take together to match titles and content,
/// so that a command with several slow ones ends as soon as one has used it up, rather
/// than after each has had the whole of it. A command makes one and hands it to each
/// selection it resolves; one given up on stays given up on.
public final class PatternBudget: Sendable {
  /// The time, in seconds, all patterns may take together.
  public let seconds: Double
  private let state: Locked<(left: Double, started: Int, givenUp: Bool)>

  /// A budget of `seconds`, 10 unless told.
  public init(seconds: Double = 10) {
    self.seconds = seconds
    state = Locked((seconds, 0, false))
  }

  /// The seconds the pattern about to be matched may take, or nil when one has been given
  /// up on already and no other is to start.
  func start() -> Double? {
    state.withLock { state in
      guard !state.givenUp else { return nil }
      state.started += 1
      return max(0, state.left)
    }
  }

  /// Takes `elapsed` seconds, what a pattern took, from what is left.
  func spend(_ elapsed: Double) {
    state.withLock { $0.left -= elapsed }
  }

  /// Marks the budget used up: a pattern is still running, and none other starts.
  func giveUp() {
    state.withLock { $0.givenUp = true }
  }

  /// The seconds not yet spent.
  var secondsLeft: Double { state.withLock { $0.left } }

  /// How many patterns have started.
  var started: Int { state.withLock { $0.started } }
}
