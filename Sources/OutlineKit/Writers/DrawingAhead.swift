#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Markdown content runs of a text output drawn on two threads: a thread of its own
/// draws them in order, ahead of the writer, while the writer draws any it reaches first
/// itself, and writes each as it comes. Drawing is most of writing a large document for
/// the terminal. The thread never sees a document: the writer copies each run's blocks
/// out of cmark-gfm's tree (`MarkdownBlocks.frozen()`) and hands over only those frozen
/// values, which the compiler checks are `Sendable`.
///
/// The runs go in batches of some thousand source lines, each drawn whole by one thread;
/// the writer keeps the batches frozen, and the thread keeps them drawn, at most `window`
/// batches ahead of the writer, so that what waits to be written stays small.
final class DrawingAhead {
  /// A run to draw, and the columns of the indent it is written after.
  private struct Job {
    let content: Content
    let indent: Int
  }

  private let jobs: [Job]
  /// Where each batch of jobs starts, and where the last ends: a batch is drawn whole by
  /// one thread, so that the two meet once a batch, not once a run.
  private let batches: [Int]
  /// What both threads read and change.
  private let shared: Shared
  /// The batches frozen and handed to `shared`, from the first.
  private var frozenBatches = 0
  /// The writer's batch, drawn, and the next of its runs to write; the writer's alone.
  private var current: [DrawnRun] = []
  private var next = 0

  /// Batches drawn and not yet written, at most.
  static let window = 4
  /// The source lines of Markdown a batch holds, at least, unless it is the last.
  static let batchLines = 2000
  /// The source lines of Markdown below which the runs are drawn as they are written: a
  /// thread is worth starting only for a large document.
  static let fewestLines = 8000

  /// A run frozen for drawing, with its indent.
  struct FrozenJob: Sendable {
    let markdown: FrozenMarkdown
    let indent: Int
  }

  /// Where a batch is.
  enum BatchState: Sendable {
    /// Not frozen yet, or frozen and not begun.
    case waiting
    /// Being drawn by one of the threads.
    case drawing
    /// Drawn, not yet taken by the writer.
    case drawn
  }

  /// What the two threads share, behind one lock.
  struct State: Sendable {
    var batches: [BatchState]
    /// Each batch's runs frozen, from when the writer hands them over until a thread
    /// begins to draw them.
    var frozen: [[FrozenJob]?]
    /// Each batch drawn, until the writer takes it.
    var drawn: [[DrawnRun]?]
    /// The next batch the writer takes, and the next the thread looks at.
    var taken = 0
    var ahead = 0
    /// Whether the thread is to stop, and whether it still runs.
    var stopping = false
    var running = false
  }

  /// What the thread is handed: the options runs are drawn with, and the shared state.
  private final class Shared: Sendable {
    let options: TextWriter.Options
    let state: Guarded<State>

    init(options: TextWriter.Options, state: State) {
      self.options = options
      self.state = Guarded(state)
    }

    func draw(_ jobs: [FrozenJob]) -> [DrawnRun] {
      jobs.map { TextWriter.draw($0.markdown, indent: $0.indent, options: options) }
    }
  }

  /// The drawing of the runs `writer` writes for `outline` with `selection`, started on a
  /// thread of its own; nil when there are too few to be worth it, or no thread to have.
  init?(
    writer: TextWriter, outline: Outline, selection: Selection,
    fewestLines: Int = fewestLines, batchLines: Int = batchLines
  ) {
    var jobs: [Job] = []
    var batches = [0]
    var lines = 0
    var batchStart = 0
    outline.walk(descend: { selection.isExpanded($0) }) { step in
      guard case .content(let content, let depth) = step,
        case .markdown(let blocks) = content.body
      else { return }
      lines += blocks.lines.count
      jobs.append(Job(content: content, indent: TextWriter.contentPrefix(depth: depth).columns))
      if lines - batchStart >= batchLines {
        batches.append(jobs.count)
        batchStart = lines
      }
    }
    if batches.last != jobs.count { batches.append(jobs.count) }
    guard lines >= fewestLines, batches.count > 2 else { return nil }
    self.jobs = jobs
    self.batches = batches
    let count = batches.count - 1
    shared = Shared(
      options: writer.options,
      state: State(
        batches: Array(repeating: .waiting, count: count),
        frozen: Array(repeating: nil, count: count), drawn: Array(repeating: nil, count: count),
        running: true))
    freezeAhead(from: 0)
    let shared = shared
    if !runOnOwnThread({ DrawingAhead.drawAhead(shared) }) {
      shared.state.update { state in state.running = false }
    }
  }

  /// The next run in the writer's order, drawn: by the thread, or here, with the rest of
  /// its batch, when the thread has not begun the batch.
  func nextRun() -> DrawnRun {
    if next >= current.count {
      current = takeBatch()
      next = 0
    }
    guard next < current.count else { return DrawnRun() }
    next += 1
    return current[next - 1]
  }

  /// Freezes the batches from the last frozen up to `window` past `batch`, the writer's
  /// next, and hands them over: the thread draws only batches frozen.
  private func freezeAhead(from batch: Int) {
    let upTo = min(batch + DrawingAhead.window + 1, batches.count - 1)
    guard frozenBatches < upTo else { return }
    let frozen = (frozenBatches..<upTo).map { batch in
      (batches[batch]..<batches[batch + 1]).map { index -> FrozenJob in
        guard case .markdown(let blocks) = jobs[index].content.body else {
          preconditionFailure("a job of drawing ahead is a Markdown run")
        }
        return FrozenJob(markdown: blocks.frozen(), indent: jobs[index].indent)
      }
    }
    let first = frozenBatches
    shared.state.update { state in
      for (offset, jobs) in frozen.enumerated() { state.frozen[first + offset] = jobs }
    }
    frozenBatches = upTo
  }

  /// What the writer does next for the batch it takes.
  private enum Step {
    /// Draws these runs of a batch nobody has begun: its own, or a later one.
    case draw(batch: Int, [FrozenJob])
    /// Takes the batch, drawn by the thread.
    case take([DrawnRun])
  }

  /// The writer's next batch. While the thread draws it, the writer draws a later one
  /// that nobody has begun, so that both draw all the time.
  private func takeBatch() -> [DrawnRun] {
    let batch = shared.state.update { state in
      state.taken += 1
      return state.taken - 1
    }
    guard batch < batches.count - 1 else { return [] }
    freezeAhead(from: batch + 1)
    while true {
      let step = shared.state.waitingUpdate { state -> Step? in
        switch state.batches[batch] {
        case .waiting:
          return .draw(batch: batch, DrawingAhead.claim(batch, in: &state))
        case .drawn:
          let runs = state.drawn[batch] ?? []
          state.drawn[batch] = nil
          return .take(runs)
        case .drawing:
          let later = (batch + 1..<min(batch + DrawingAhead.window, state.batches.count)).first {
            state.batches[$0] == .waiting && state.frozen[$0] != nil
          }
          // Nothing else to draw: wait for the thread.
          guard let later else { return nil }
          return .draw(batch: later, DrawingAhead.claim(later, in: &state))
        }
      }
      switch step {
      case .take(let runs):
        return runs
      case .draw(let drawing, let jobs):
        let runs = shared.draw(jobs)
        if drawing == batch { return runs }
        DrawingAhead.keep(runs, of: drawing, in: shared)
      }
    }
  }

  /// Stops the thread and waits for it to end.
  func finish() {
    shared.state.update { state in state.stopping = true }
    shared.state.waitingUpdate { state -> Void? in state.running ? nil : () }
  }

  /// Marks `batch` as being drawn and hands out its frozen runs, which the state then
  /// lets go.
  private static func claim(_ batch: Int, in state: inout State) -> [FrozenJob] {
    state.batches[batch] = .drawing
    defer { state.frozen[batch] = nil }
    return state.frozen[batch] ?? []
  }

  /// Keeps `runs`, the drawing of `batch`, for the writer.
  private static func keep(_ runs: [DrawnRun], of batch: Int, in shared: Shared) {
    shared.state.update { state in
      state.drawn[batch] = runs
      state.batches[batch] = .drawn
    }
  }

  /// The thread's work: the batches in order, each frozen and not begun by the writer,
  /// at most `window` ahead of it.
  private static func drawAhead(_ shared: Shared) {
    while true {
      let next = shared.state.waitingUpdate { state -> (batch: Int, jobs: [FrozenJob])?? in
        while state.ahead < state.batches.count
          && (state.ahead < state.taken || state.batches[state.ahead] != .waiting)
        {
          state.ahead += 1
        }
        if state.stopping || state.ahead >= state.batches.count {
          state.running = false
          return .some(nil)
        }
        guard state.ahead - state.taken < window, state.frozen[state.ahead] != nil else {
          return nil
        }
        return (state.ahead, claim(state.ahead, in: &state))
      }
      guard let next else { return }
      keep(shared.draw(next.jobs), of: next.batch, in: shared)
    }
  }
}

/// A value two threads share, guarded by the pthread mutex and condition it wraps: each
/// use of the value holds the mutex, and each use wakes the threads that wait for one.
private final class Guarded<Value: Sendable>: @unchecked Sendable {
  private var value: Value
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init(_ value: Value) {
    self.value = value
    pthread_mutex_init(lock, nil)
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(lock)
    lock.deallocate()
    changed.deallocate()
  }

  /// Changes the value with the mutex held.
  @discardableResult
  func update<Result>(_ body: (inout Value) -> Result) -> Result {
    waitingUpdate { Optional.some(body(&$0)) }
  }

  /// Calls `body` on the value with the mutex held until it returns something, waiting
  /// for another thread's change between calls. A change `body` makes when it returns nil
  /// wakes no thread that waits.
  @discardableResult
  func waitingUpdate<Result>(_ body: (inout Value) -> Result?) -> Result {
    pthread_mutex_lock(lock)
    defer {
      pthread_cond_broadcast(changed)
      pthread_mutex_unlock(lock)
    }
    while true {
      if let result = body(&value) { return result }
      pthread_cond_wait(changed, lock)
    }
  }
}
