/// What a walk that writes each section as a `<details>` follows: the outline, the
/// sections the selection expands, what an elision cuts (nil when nothing is), and the
/// sections' ids.
struct SectionPlan {
  let outline: Outline
  let selection: Selection
  let elision: Elision?
  let ids: [String]

  init(outline: Outline, selection: Selection, elision: Elision?) {
    self.outline = outline
    self.selection = selection
    self.elision = elision
    ids = outline.ids
  }
}

/// A walker that writes each section as a `<details>`, open where the selection expands
/// it, and follows its plan's elision: a section removed is left out, a marker where each
/// run of them was; a section closed is written closed, a marker in place of what it
/// held. The steps at a cut are taken here, for every such writer; a writer says how it
/// writes a section's head, a marker and a section's end.
protocol CuttableWalker: OutlineWalker where Failure == Target.Failure {
  associatedtype Target: ByteOutputStream

  var plan: SectionPlan { get }
  /// The output, whose failure ends the walk at the next section.
  var target: Target { get }

  /// Says where the bytes written so far put a section's start, the end of its head, or
  /// its end, for the search that fits a size limit.
  func mark(_ boundary: SectionBoundary)

  /// Writes what stands before the section at `index` when it is written at all.
  mutating func writeLead(of index: Int)

  /// Writes the head of the section at `index`, `open` or not, and starts its body.
  mutating func writeHead(of index: Int, open: Bool)

  /// Writes what stands at a cut at the section at `index`: `marker`, nil where a removed
  /// section does not start its run, after an anchor for each of `targets`, the sections
  /// left out that links lead to.
  mutating func writeCut(_ marker: String?, targets: [Int]?, at index: Int)

  /// Writes the end of the section at `index`.
  mutating func writeEnd(of index: Int)
}

extension CuttableWalker {
  // Each step is inlined into each walker's own, which reads its plan in place: called as
  // they are, through the protocol, they copied the plan at every section (+1.6% of the
  // instructions of `-t html --expand-all`).
  @inline(__always)
  func descends(into index: Int) -> Bool { plan.elision?.descends(into: index) ?? true }

  func mark(_ boundary: SectionBoundary) {}

  mutating func writeLead(of index: Int) {}

  @inline(__always)
  mutating func enter(_ index: Int) throws(Target.Failure) {
    try target.checkFailure()
    let cut = plan.elision?.cuts[index] ?? Elision.Cut.none
    if cut == .removed, let elision = plan.elision {
      mark(.start(index))
      writeCut(elision.removedNote(at: index), targets: elision.targets[index], at: index)
      return
    }
    writeLead(of: index)
    mark(.start(index))
    writeHead(of: index, open: plan.selection.isExpanded(index) && cut != .closed)
    mark(.headerEnd(index))
    if cut == .closed, let elision = plan.elision {
      writeCut(
        elision.note(for: index, in: plan.outline), targets: elision.targets[index], at: index)
    }
  }

  @inline(__always)
  mutating func leave(_ index: Int) {
    if plan.elision?.cuts[index] != .removed { writeEnd(of: index) }
    mark(.end(index))
  }
}
