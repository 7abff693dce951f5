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
  /// The sections `chosen` says were asked for, with all they hold, and, apart, their
  /// ancestors, which must stay while they do: a tier of what fitting keeps longest.
  static func tier(of outline: Outline, _ chosen: (Int) -> Bool) -> (
    within: [Bool], around: [Bool]
  ) {
    let sections = outline.sections
    var within = Array(repeating: false, count: sections.count)
    var around = Array(repeating: false, count: sections.count)
    for index in sections.indices {
      within[index] = chosen(index) || sections[index].parent.map { within[$0] } ?? false
      guard chosen(index) else { continue }
      var cursor = sections[index].parent
      while let parent = cursor, !around[parent] {
        around[parent] = true
        cursor = sections[parent].parent
      }
    }
    return (within, around)
  }

  /// What to leave out of `outline` so that the output fits in `limit` bytes: nothing
  /// when it fits already. What the reader asked for by name goes last:
  ///
  /// 1. the bodies of collapsed sections, the deepest and then the largest first, their
  ///    summaries staying;
  /// 2. whole sections, from the end of the document, each after its subsections;
  /// 3. then the same within the sections whose content matched and a report's open
  ///    failed tests, and their ancestors;
  /// 4. then the same within the sections named to expand, and their ancestors, each
  ///    after the sections it holds.
  ///
  /// The first count of the output measures each of its parts, in `parts`; counting it
  /// again with sections cut only adds their sizes up.
  func fit(
    for outline: Outline, selection: Selection, limit: Int, fullCommand: String,
    parts: PartSizes = PartSizes()
  ) throws(SizeLimitError) -> Elision? {
    var measure = CountingStream(parts: parts)
    let sections = outline.sections
    var starts = Array(repeating: 0, count: sections.count)
    var headers = Array(repeating: 0, count: sections.count)
    var sizes = Array(repeating: 0, count: sections.count)
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

    let links = InPageLinks(outline: outline)
    var elision = Elision(
      outline: outline, inner: zip(sizes, headers).map { $0 - $1 }, whole: sizes, limit: limit,
      fullCommand: fullCommand, links: links)
    // What was asked for by name: the sections named to expand with all they hold, and
    // around them their ancestors, which must stay while they do; then, kept after them
    // and before the rest, the sections whose content matched, and theirs, and a report's
    // open failed tests, whose message and location a cut report keeps before the rest.
    let (asked, around) = Self.tier(of: outline, selection.isExpandedByName)
    var (matched, aroundMatched) = Self.tier(of: outline) { index in
      if selection.isExpandedByMatch(index) { return true }
      guard case .test(let outcome) = sections[index].kind else { return false }
      return outcome.opens && selection.isExpanded(index)
    }
    for index in sections.indices where asked[index] || around[index] {
      (matched[index], aroundMatched[index]) = (false, false)
    }
    let depths = sections.map(\.depth)
    let deepestThenLargest = { (left: Int, right: Int) in
      depths[left] != depths[right] ? depths[left] > depths[right] : sizes[left] > sizes[right]
    }
    let collapsed = sections.indices.filter { !selection.isExpanded($0) && !around[$0] }
    // From the end of the document, which puts every section after those it holds.
    let fromTheEnd = sections.indices.reversed()
    let rest = { (index: Int) in
      !asked[index] && !around[index] && !matched[index] && !aroundMatched[index]
    }
    let phases: [(cut: Elision.Cut, order: [Int])] = [
      (.closed, collapsed.filter { !asked[$0] && !matched[$0] }.sorted(by: deepestThenLargest)),
      (.removed, fromTheEnd.filter(rest)),
      (.closed, collapsed.filter { matched[$0] }.sorted(by: deepestThenLargest)),
      (.removed, fromTheEnd.filter { matched[$0] || aroundMatched[$0] }),
      (.closed, collapsed.filter { asked[$0] }.sorted(by: deepestThenLargest)),
      (.removed, fromTheEnd.filter { asked[$0] || around[$0] }),
    ]

    // Bytes saved inside each section's subtree so far, summed over pre-order ranges.
    var saved = FenwickTree(count: sections.count)
    func current(_ index: Int) -> Int {
      sizes[index] - saved.sum(index + 1..<sections[index].end)
    }
    // What a closed section takes, its marker's wrapping guessed high.
    func replacement(_ index: Int) -> Int {
      headers[index] + elision.note(for: index, in: outline).utf8.count + 64
    }
    // Whether each section is inside one cut already, where cutting it saves nothing.
    func inCut() -> [Bool] {
      var inside = Array(repeating: false, count: sections.count)
      for index in sections.indices {
        guard let parent = sections[index].parent else { continue }
        inside[index] = inside[parent] || elision.cuts[parent] != .none
      }
      return inside
    }
    // The notice and the markers, guessed high; the check below is exact.
    var estimate = full + 400 + fullCommand.utf8.count
    var phase = 0
    var position = 0
    var inside: [Bool] = []
    // Every cut in the order it was decided, to take back the ones not needed after all,
    // and the bytes the first of them were guessed to save together, by how many.
    var decisions: [(index: Int, cut: Elision.Cut)] = []
    var guessedSaving = [0]
    var guessedTotal = 0
    var size = full
    while true {
      while estimate > limit && phase < phases.count {
        let (cut, order) = phases[phase]
        // Closing goes deepest first and removing each section after those it holds: only
        // the cuts of earlier phases can hold the sections of this one.
        if position == 0 { inside = inCut() }
        guard position < order.count else {
          phase += 1
          position = 0
          continue
        }
        let index = order[position]
        position += 1
        guard !inside[index] else { continue }
        let now = elision.cuts[index] == .closed ? replacement(index) : current(index)
        let saving: Int
        switch cut {
        case .closed:
          guard replacement(index) < now else { continue }
          saving = now - replacement(index)
        case .removed:
          // A marker where it was, unless the sibling after it went already.
          let next = sections[index].end
          let joins =
            next < sections.count && sections[next].parent == sections[index].parent
            && elision.cuts[next] == .removed
          saving = now - (joins ? 0 : 120)
        case .none:
          continue
        }
        saved.add(saving, at: index)
        estimate -= saving
        guessedTotal += max(0, saving)
        elision.cuts[index] = cut
        decisions.append((index, cut))
        guessedSaving.append(guessedTotal)
      }
      elision.settle(outline)
      size = measured(elision)
      if size <= limit { break }
      guard phase < phases.count else {
        throw SizeLimitError(limit: limit, smallest: size)
      }
      estimate = size
    }
    // The guesses above are high, so fewer cuts may do: the fewest of them, in the order
    // they were decided, that still fit. Each measure of an output takes as long as
    // writing it, so where to measure next is guessed from what the cuts were guessed to
    // save, scaled to what the two measured ends of the range show they save
    // (`-DPLAIN_SEARCH` bisects instead; bench/tricks.md says what this gains).
    func applying(_ count: Int) -> Elision {
      var fewer = Elision(
        outline: outline, inner: elision.inner, whole: elision.whole, limit: limit,
        fullCommand: fullCommand, links: links)
      for (index, cut) in decisions[..<count] { fewer.cuts[index] = cut }
      fewer.settle(outline)
      return fewer
    }
    var fits = (count: decisions.count, size: size, elision: elision)
    var fitsNot = (count: 0, size: full)
    var tries = 0
    #if PLAIN_SEARCH
      var bisectsNext = true
    #else
      var bisectsNext = false
    #endif
    while fits.count - fitsNot.count > 1 && tries < 24 {
      let width = fits.count - fitsNot.count
      var next = (fits.count + fitsNot.count) / 2
      // A guess that did not halve the range is followed by a halving, so that the
      // search takes at most twice the tries bisecting would.
      if !bisectsNext {
        let guessed = guessedSaving[fits.count] - guessedSaving[fitsNot.count]
        let measuredSaving = fitsNot.size - fits.size
        if guessed > 0, measuredSaving > 0 {
          // The guessed saving at which the output shrinks to the limit, counted from
          // the end that does not fit.
          let needed = Double(fitsNot.size - limit) * Double(guessed) / Double(measuredSaving)
          let wanted = guessedSaving[fitsNot.count] + Int(needed.rounded(.up))
          let found = partitionPoint(guessedSaving, from: fitsNot.count, to: fits.count) {
            $0 >= wanted
          }
          next = min(max(found, fitsNot.count + 1), fits.count - 1)
        }
      }
      let tried = applying(next)
      let triedSize = measured(tried)
      if triedSize <= limit {
        fits = (next, triedSize, tried)
      } else {
        fitsNot = (next, triedSize)
      }
      #if !PLAIN_SEARCH
        bisectsNext = !bisectsNext && fits.count - fitsNot.count > width / 2
      #endif
      tries += 1
    }
    return fits.elision
  }
}

/// The first position in `values[from..<to]`, which `isAtLeast` is false and then true
/// along, where it is true; `to` when it is nowhere.
private func partitionPoint(_ values: [Int], from: Int, to: Int, _ isAtLeast: (Int) -> Bool)
  -> Int
{
  var low = from
  var high = to
  while low < high {
    let middle = (low + high) / 2
    if isAtLeast(values[middle]) { high = middle } else { low = middle + 1 }
  }
  return low
}
