import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Renders the Markdown content a walk will reach, a batch at a time on every core, and
/// hands the HTML out in order: cmark's rendering is most of the work of HTML output,
/// and each section's blocks render apart from the others'.
///
/// While the writer writes one batch, the next renders on other threads, and with it the
/// scan for what must be mended, so that the writer's thread only copies.
final class RenderAhead {
  private let jobs: [MarkdownBlocks]
  private let unsafe: Bool
  private let workers: Int
  private let batchSize: Int
  /// The batch being written.
  private var current: Batch
  /// The batch after it, rendering on other threads until `rendering` is done.
  private var upcoming: Batch?
  private let rendering = DispatchGroup()
  private var next = 0

  /// Enough sections to be worth more than one thread, and more than one core to run on.
  /// Below 8,192 (a megabyte or two of Markdown) the threads' memory, their stacks and
  /// malloc arenas, 1.5 MB on a 1 MB document, weighs more than the time they save.
  static func isWorthIt(jobs: Int) -> Bool {
    jobs >= 8192 && sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1
  }

  init(jobs: [MarkdownBlocks], unsafe: Bool, batchSize: Int = 2048) {
    self.jobs = jobs
    self.unsafe = unsafe
    self.workers = max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    self.batchSize = max(1, batchSize)
    current = Batch(start: 0, count: 0)
    // The first batch renders while the writer makes ready, as it makes the ids.
    startRendering(from: 0)
  }

  deinit {
    rendering.wait()
    current.discard()
    upcoming?.discard()
  }

  /// Writes the HTML of the next content run in walk order.
  func writeNext<Target: ByteOutputStream>(to target: inout Target) {
    // The writer's walk is the one the jobs were found by: it asks for each exactly once.
    precondition(next < jobs.count, "more content runs written than were rendered")
    if next >= current.start + current.count { advance() }
    let index = next - current.start
    next += 1
    guard let html = current.html[index] else { return }
    let bytes = UnsafeRawBufferPointer(start: html, count: current.lengths[index])
    if current.needsMending[index] {
      HTML.writeMended(bytes, to: &target)
    } else {
      target.write(bytes: bytes)
    }
    free(html)
    current.html[index] = nil
  }

  /// Makes the next batch current, and starts rendering the one after it.
  private func advance() {
    current.discard()
    if upcoming == nil { startRendering(from: next) }
    rendering.wait()
    if let upcoming { current = upcoming }
    upcoming = nil
    startRendering(from: current.start + current.count)
  }

  /// Starts rendering the batch of jobs from `start` on other threads.
  private func startRendering(from start: Int) {
    guard start < jobs.count else { return }
    let batch = Batch(start: start, count: min(batchSize, jobs.count - start))
    upcoming = batch
    let (jobs, workers, unsafe) = (self.jobs, self.workers, self.unsafe)
    DispatchQueue.global().async(group: rendering) {
      RenderAhead.render(batch, jobs: jobs, workers: workers, unsafe: unsafe)
    }
  }

  /// Renders every job of `batch` on `workers` threads, each writing its own slots.
  private static func render(
    _ batch: Batch, jobs: [MarkdownBlocks], workers: Int, unsafe: Bool
  ) {
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for offset in stride(from: worker, to: batch.count, by: workers) {
        let job = jobs[batch.start + offset]
        let html = job.document.renderedHTML(container: job.container, unsafe: unsafe)
        batch.html[offset] = html.baseAddress
        batch.lengths[offset] = html.count
        batch.needsMending[offset] = HTML.needsMending(UnsafeRawBufferPointer(html))
      }
    }
  }
}

/// cmark's HTML for a run of jobs, its length, and whether it needs mending. Each slot is
/// written by one rendering thread, and read only after the group it rendered in is done.
private final class Batch: @unchecked Sendable {
  let start: Int
  let count: Int
  let html: UnsafeMutableBufferPointer<UnsafeMutablePointer<UInt8>?>
  let lengths: UnsafeMutableBufferPointer<Int>
  let needsMending: UnsafeMutableBufferPointer<Bool>

  init(start: Int, count: Int) {
    self.start = start
    self.count = count
    html = .allocate(capacity: count)
    html.initialize(repeating: nil)
    lengths = .allocate(capacity: count)
    lengths.initialize(repeating: 0)
    needsMending = .allocate(capacity: count)
    needsMending.initialize(repeating: false)
  }

  deinit {
    html.deallocate()
    lengths.deallocate()
    needsMending.deallocate()
  }

  /// Frees the HTML not yet written.
  func discard() {
    for index in html.indices {
      free(html[index])
      html[index] = nil
    }
  }
}
