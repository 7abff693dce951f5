import Testing

@testable import OutlineKit

@Suite("The steps at a cut")
struct CuttableWalkerTests {
  /// What a walker was asked to do, in order.
  final class Log {
    var steps: [String] = []
  }

  /// A walker that writes nothing and notes each step it is asked to take.
  struct Recorder: CuttableWalker {
    typealias Failure = Never

    let plan: SectionPlan
    var target = ""
    let log: Log

    func mark(_ boundary: SectionBoundary) {
      switch boundary {
      case .start(let index): log.steps.append("start \(index)")
      case .headerEnd(let index): log.steps.append("header end \(index)")
      case .end(let index): log.steps.append("end \(index)")
      }
    }

    mutating func writeLead(of index: Int) { log.steps.append("lead \(index)") }

    mutating func writeHead(of index: Int, open: Bool) {
      log.steps.append("head \(index) \(open ? "open" : "closed")")
    }

    mutating func writeCut(_ marker: String?, targets: [Int]?, at index: Int) {
      log.steps.append("cut \(index) \(marker ?? "no marker") \(targets ?? [])")
    }

    mutating func visit(_ content: Content, depth: Int) { log.steps.append("content \(depth)") }

    mutating func writeEnd(of index: Int) { log.steps.append("write end \(index)") }
  }

  static var outline: Outline {
    markdown(
      """
      # A

      See [B1](#b1), [C](#c) and [D](#d).

      ## B

      ### B1

      ## C

      ## D

      ## E
      """)
  }

  /// The steps a walker is asked to take with `cuts`, every section expanded but those
  /// in `collapsed`.
  func steps(cuts: [Int: Elision.Cut]?, collapsed: Set<Int> = []) -> [String] {
    let outline = CuttableWalkerTests.outline
    let selection = Selection(expanded: (0..<6).map { !collapsed.contains($0) })
    var elision: Elision?
    if let cuts {
      var cut = Elision(
        outline: outline, inner: Array(repeating: 100, count: 6),
        whole: Array(repeating: 100, count: 6), limit: 1000, fullCommand: "collapse x.md",
        links: InPageLinks(outline: outline))
      for (index, what) in cuts { cut.cuts[index] = what }
      cut.settle(outline)
      elision = cut
    }
    let log = Log()
    var walker = Recorder(
      plan: SectionPlan(outline: outline, selection: selection, elision: elision), log: log)
    outline.walk(&walker)
    return log.steps
  }

  @Test("a closed section is written closed with a marker; a run of removed ones has one marker")
  func cuts() {
    #expect(
      steps(cuts: [1: .closed, 3: .removed, 4: .removed]) == [
        "lead 0", "start 0", "head 0 open", "header end 0", "content 1",
        "lead 1", "start 1", "head 1 closed", "header end 1",
        "cut 1 Left out: 1 section, 100 bytes. [2]", "write end 1", "end 1",
        "start 3", "cut 3 Left out: 2 sections, 200 bytes. [3, 4]", "end 3",
        "start 4", "cut 4 no marker []", "end 4",
        "lead 5", "start 5", "head 5 open", "header end 5", "write end 5", "end 5",
        "write end 0", "end 0",
      ])
  }

  @Test("without an elision every section is written, open as the selection says")
  func uncut() {
    let steps = steps(cuts: nil, collapsed: [1])
    #expect(
      steps.filter { $0.hasPrefix("head ") }
        == (0..<6).map { "head \($0) \($0 == 1 ? "closed" : "open")" })
    #expect(!steps.contains { $0.hasPrefix("cut") })
    #expect(steps.filter { $0.hasPrefix("write end") }.count == 6)
  }
}
