import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Renders the Markdown content a walk will reach, a batch at a time on every core, and
/// hands the HTML out in order: cmark's rendering is most of the work of HTML output,
/// and each section's blocks render apart from the others'.
final class RenderAhead {
  private let jobs: [MarkdownBlocks]
  private let unsafe: Bool
  private let workers: Int
  /// cmark's output for the current batch; each buffer is freed once written.
  private var batch: [UnsafeMutablePointer<CChar>?] = []
  private var batchStart = 0
  private var next = 0

  /// Enough sections to be worth more than one thread, and more than one core to run on.
  static func isWorthIt(jobs: Int) -> Bool {
    jobs >= 256 && sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1
  }

  init(jobs: [MarkdownBlocks], unsafe: Bool) {
    self.jobs = jobs
    self.unsafe = unsafe
    self.workers = max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  deinit {
    for index in (next - batchStart)..<batch.count { free(batch[index]) }
  }

  /// Writes the HTML of the next content run in walk order.
  func writeNext<Target: ByteOutputStream>(to target: inout Target) {
    if next - batchStart >= batch.count { renderBatch() }
    let index = next - batchStart
    next += 1
    guard let html = batch[index] else { return }
    HTML.writeValid(UnsafeRawBufferPointer(start: html, count: strlen(html)), to: &target)
    free(html)
    batch[index] = nil
  }

  private func renderBatch() {
    batchStart = next
    let count = min(2048, jobs.count - next)
    let rendered = UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: count)
    defer { rendered.deallocate() }
    // Each worker writes its own slots; the batch is read only after all have finished.
    nonisolated(unsafe) let slots = rendered
    nonisolated(unsafe) let pending = jobs[next..<(next + count)]
    let (workers, unsafe) = (self.workers, self.unsafe)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for offset in stride(from: worker, to: count, by: workers) {
        let job = pending[pending.startIndex + offset]
        slots[offset] = job.document.renderedHTML(container: job.container, unsafe: unsafe)
      }
    }
    batch = Array(rendered)
  }
}
