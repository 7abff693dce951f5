#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Markdown content runs of a text output drawn on two threads: a thread of its own
/// draws them in order, ahead of the writer, while the writer draws any it reaches first
/// itself, and writes each as it comes. Drawing is most of writing a large document for
/// the terminal, and each run's nodes are its own; the documents are readied first
/// (`MarkdownDocument.readyForDrawingOnThreads`), after which drawing only reads them.
///
/// The runs go in batches of some thousand source lines, each drawn whole by one thread;
/// the thread keeps at most `window` batches drawn ahead of the writer, so that what
/// waits to be written stays small.
final class DrawingAhead: @unchecked Sendable {
  /// A run to draw, and the columns of the indent it is written after.
  private struct Job {
    let content: Content
    let indent: Int
  }

  private let writer: TextWriter
  private let jobs: [Job]
  /// Where each batch of jobs starts, and where the last ends: a batch is drawn whole by
  /// one thread, so that the two meet once a batch, not once a run.
  private let batches: [Int]
  /// Guarded by `lock`: each batch's state (0 waiting, 1 being drawn, 2 drawn), the
  /// batches drawn and not yet taken, the next batch the writer takes, the next the
  /// thread looks at, and whether the thread is to stop, and has.
  private var states: [UInt8]
  private var drawn: [[DrawnRun]?]
  private var taken = 0
  private var ahead = 0
  private var stopping = false
  private var running = false
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>
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
    var documents: [ObjectIdentifier: MarkdownDocument] = [:]
    for job in jobs {
      if case .markdown(let blocks) = job.content.body {
        documents[ObjectIdentifier(blocks.document)] = blocks.document
      }
    }
    for document in documents.values { document.readyForDrawingOnThreads() }
    self.writer = writer
    self.jobs = jobs
    self.batches = batches
    states = Array(repeating: 0, count: batches.count - 1)
    drawn = Array(repeating: nil, count: batches.count - 1)
    lock = .allocate(capacity: 1)
    changed = .allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    pthread_cond_init(changed, nil)
    running = true
    if !runOnOwnThread({ [self] in drawAhead() }) {
      running = false
    }
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(lock)
    lock.deallocate()
    changed.deallocate()
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

  /// The writer's next batch. While the thread draws it, the writer draws a later one
  /// that nobody has begun, so that both draw all the time.
  private func takeBatch() -> [DrawnRun] {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    let batch = taken
    guard batch < states.count else { return [] }
    taken += 1
    while true {
      switch states[batch] {
      case 0:
        states[batch] = 1
        pthread_mutex_unlock(lock)
        let runs = draw(batch)
        pthread_mutex_lock(lock)
        return runs
      case 2:
        let runs = drawn[batch] ?? []
        drawn[batch] = nil
        // The thread may be waiting for room.
        pthread_cond_broadcast(changed)
        return runs
      default:
        let later = (batch + 1..<min(batch + DrawingAhead.window, states.count)).first {
          states[$0] == 0
        }
        guard let later else {
          pthread_cond_wait(changed, lock)
          continue
        }
        drawAndKeep(later)
      }
    }
  }

  /// Stops the thread and waits for it to end: it reads the documents, which may go
  /// once the output is written.
  func finish() {
    pthread_mutex_lock(lock)
    stopping = true
    pthread_cond_broadcast(changed)
    while running { pthread_cond_wait(changed, lock) }
    pthread_mutex_unlock(lock)
  }

  /// Claims `batch`, draws it with the lock let go, and keeps it for the writer; the
  /// lock is held before and after.
  private func drawAndKeep(_ batch: Int) {
    states[batch] = 1
    pthread_mutex_unlock(lock)
    let runs = draw(batch)
    pthread_mutex_lock(lock)
    drawn[batch] = runs
    states[batch] = 2
    pthread_cond_broadcast(changed)
  }

  private func draw(_ batch: Int) -> [DrawnRun] {
    (batches[batch]..<batches[batch + 1]).map { index in
      writer.drawn(jobs[index].content, indent: jobs[index].indent) ?? DrawnRun()
    }
  }

  private func drawAhead() {
    pthread_mutex_lock(lock)
    while true {
      while ahead < states.count && (ahead < taken || states[ahead] != 0) { ahead += 1 }
      if stopping || ahead >= states.count { break }
      if ahead - taken >= DrawingAhead.window {
        pthread_cond_wait(changed, lock)
        continue
      }
      drawAndKeep(ahead)
    }
    running = false
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(lock)
  }
}
