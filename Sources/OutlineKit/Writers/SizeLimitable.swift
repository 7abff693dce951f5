/// An output that can leave sections out to fit a size: HTML (a fragment or a page) and
/// GitHub Markdown.
public protocol SizeLimitable {
  /// Writes the output, leaving out what `elision` says and reporting where each section
  /// starts and ends.
  func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision?, to target: inout Target,
    boundaries: (SectionBoundary) -> Void) throws(Target.Failure)
}

extension SizeLimitable {
  /// Writes `outline` with the sections `selection` expanded; `elision` leaves sections
  /// out.
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision? = nil, to target: inout Target
  ) throws(Target.Failure) {
    try write(outline, selection: selection, elision: elision, to: &target) { _ in }
  }

  /// What to leave out of `outline` so that the output fits in `limit` bytes, or nil when
  /// it fits already; `fullCommand` is how the notes say to see everything.
  public func elision(
    for outline: Outline, selection: Selection, limit: Int, fullCommand: String
  ) throws(SizeLimitError) -> Elision? {
    try fit(for: outline, selection: selection, limit: limit, fullCommand: fullCommand)
  }
}

extension SizeLimitable {
  /// What to leave out of `outline` so that the output fits in `limit` bytes: nothing
  /// when it fits already, else the deepest and then the largest sections first.
  ///
  /// The first count of the output measures each of its parts, in `parts`; counting it
  /// again with sections cut only adds their sizes up.
  func fit(
    for outline: Outline, selection: Selection, limit: Int, fullCommand: String,
    parts: PartSizes = PartSizes()
  ) throws(SizeLimitError) -> Elision? {
    var measure = CountingStream(parts: parts)
    var starts = Array(repeating: 0, count: outline.sections.count)
    var headers = Array(repeating: 0, count: outline.sections.count)
    var sizes = Array(repeating: 0, count: outline.sections.count)
    let counter = measure.counter
    write(outline, selection: selection, elision: nil, to: &measure) { boundary in
      switch boundary {
      case .start(let index): starts[index] = counter.count
      case .headerEnd(let index): headers[index] = counter.count - starts[index]
      case .end(let index): sizes[index] = counter.count - starts[index]
      }
    }
    let full = counter.count
    guard full > limit else { return nil }
    parts.complete = true
    func measured(_ elision: Elision) -> Int {
      var check = CountingStream(parts: parts)
      write(outline, selection: selection, elision: elision, to: &check) { _ in }
      return check.counter.count
    }

    var elision = Elision(
      outline: outline, inner: zip(sizes, headers).map { $0 - $1 }, whole: sizes, limit: limit,
      fullCommand: fullCommand)
    // Deepest first, then largest; ancestors come after all their descendants.
    let order = outline.sections.indices.sorted {
      let (left, right) = (outline.sections[$0], outline.sections[$1])
      return left.depth != right.depth ? left.depth > right.depth : sizes[$0] > sizes[$1]
    }
    // Bytes saved inside each section's subtree so far, summed over pre-order ranges.
    var saved = FenwickTree(count: outline.sections.count)
    func current(_ index: Int) -> Int {
      sizes[index] - saved.sum(index + 1..<outline.sections[index].end)
    }
    // What a closed section takes, its note's wrapping guessed high.
    func replacement(_ index: Int) -> Int {
      headers[index] + elision.note(for: index, in: outline).utf8.count + 64
    }
    // The footer and the notes of removed sections, guessed high; the check below is exact.
    var estimate = full + 400 + fullCommand.utf8.count
    // One depth at a time, deepest first: close its sections, largest first, then remove
    // them if closing was not enough, before touching a shallower one.
    var levelStart = 0
    var closing = 0
    var removing = 0
    var parentsWithNote: Set<Int> = []
    // Every cut in the order it was decided, to take back the ones not needed after all.
    var decisions: [(index: Int, cut: Elision.Cut)] = []
    while true {
      while estimate > limit && levelStart < order.count {
        let depth = outline.sections[order[levelStart]].depth
        var levelEnd = levelStart
        while levelEnd < order.count && outline.sections[order[levelEnd]].depth == depth {
          levelEnd += 1
        }
        closing = max(closing, levelStart)
        while estimate > limit && closing < levelEnd {
          let index = order[closing]
          closing += 1
          let now = current(index)
          guard replacement(index) < now else { continue }
          elision.cuts[index] = .closed
          decisions.append((index, .closed))
          saved.add(now - replacement(index), at: index)
          estimate -= now - replacement(index)
        }
        removing = max(removing, levelStart)
        while estimate > limit && removing < levelEnd {
          let index = order[removing]
          removing += 1
          let parent = outline.sections[index].parent ?? -1
          let note = parentsWithNote.insert(parent).inserted ? 160 : 0
          // What the section takes now: all of it, or, closed, its summary and note.
          let now = elision.cuts[index] == .closed ? replacement(index) : current(index)
          elision.cuts[index] = .removed
          decisions.append((index, .removed))
          saved.add(now - note, at: index)
          estimate -= now - note
        }
        if removing >= levelEnd { levelStart = levelEnd }
      }
      elision.settle(outline)
      let size = measured(elision)
      if size <= limit { break }
      guard levelStart < order.count else {
        throw SizeLimitError(limit: limit, smallest: size)
      }
      estimate = size
    }
    // The guesses above are high, so fewer cuts may do: the fewest of them, in the order
    // they were decided, that still fit.
    func applying(_ count: Int) -> Elision {
      var fewer = Elision(
        outline: outline, inner: elision.inner, whole: elision.whole, limit: limit,
        fullCommand: fullCommand)
      for (index, cut) in decisions[..<count] { fewer.cuts[index] = cut }
      fewer.settle(outline)
      return fewer
    }
    var fits = decisions.count
    var fitsNot = 0
    var tries = 0
    while fits - fitsNot > 1 && tries < 16 {
      let middle = (fits + fitsNot) / 2
      if measured(applying(middle)) <= limit { fits = middle } else { fitsNot = middle }
      tries += 1
    }
    return fits == decisions.count ? elision : applying(fits)
  }
}
