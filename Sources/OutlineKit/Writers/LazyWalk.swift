/// The walk that writes a lazy page's sections: the first `mainBudget` bytes of what is
/// open into the page, the rest, and every closed section's body, into the store, in
/// pieces of about `pieceBudget` bytes. A lazy page is never cut: its plan has no elision.
struct LazyWalk<Target: ByteOutputStream>: CuttableWalker {
  typealias Failure = Target.Failure

  /// Where a section's head and body go: -1 for the page, else a piece's number.
  private struct Level {
    let section: Int
    let head: Int
    var body: Int
  }

  /// A piece being written, and how many levels still write to it.
  private struct OpenPiece {
    var bytes = ByteBuffer()
    var users = 0
  }

  let writer: HTMLWriter
  let plan: SectionPlan
  var target: Target
  let mainBudget: Int
  let pieceBudget: Int
  private(set) var store = LazyStore()
  private(set) var search: SearchRecords
  private var mainBytes = 0
  private var levels = [Level(section: -1, head: -1, body: -1)]
  private var pieces: [Int: OpenPiece] = [:]
  private var scratch = ByteBuffer()

  init(
    writer: HTMLWriter, outline: Outline, selection: Selection, title: String, target: Target,
    mainBudget: Int, pieceBudget: Int
  ) {
    self.writer = writer
    plan = SectionPlan(outline: outline, selection: selection, elision: nil)
    self.target = target
    self.mainBudget = mainBudget
    self.pieceBudget = pieceBudget
    search = SearchRecords(outline: outline, title: title)
  }

  mutating func writeLead(of index: Int) {
    movesOnIfFull()
  }

  mutating func writeHead(of index: Int, open: Bool) {
    let parentBody = levels[levels.count - 1].body
    writer.writeHead(
      of: index, in: plan.outline, id: plan.ids[index], open: open,
      matches: plan.selection.matches(in: index), to: &scratch)
    emit(to: parentBody)
    let section = plan.outline.sections[index]
    search.headPieces[index] = parentBody
    var body = parentBody
    // Only the page holds what is open below a section's summary; a piece holds one level.
    let inline = open && parentBody < 0 && hasRoom(parentBody)
    let holds = !writer.options.titlesOnly && !section.content.isEmpty || section.end > index + 1
    if holds, !inline {
      body = startPiece(owner: index, placeholderIn: parentBody)
    }
    use(parentBody)
    use(body)
    levels.append(Level(section: index, head: parentBody, body: body))
  }

  mutating func writeCut(_ marker: String?, targets: [Int]?, at index: Int) {}

  mutating func visit(_ content: Content, depth: Int) {
    // With titles only, content is neither shown nor searched.
    guard !writer.options.titlesOnly else { return }
    movesOnIfFull()
    let level = levels[levels.count - 1]
    writer.writeContent(content, to: &scratch)
    emit(to: level.body)
    search.add(content, of: level.section)
  }

  mutating func writeEnd(of index: Int) {
    let level = levels.removeLast()
    stopUsing(level.body)
    scratch.write("</details>\n")
    emit(to: level.head)
    stopUsing(level.head)
  }

  /// Ends the walk: the document's own body, if it went into pieces, is kept, and the
  /// last chunk is deflated.
  mutating func finish() {
    stopUsing(levels[0].body)
    store.seal()
  }

  /// At a place between two parts of a body: when what the innermost body writes to is
  /// full, the rest of that body goes to a piece of its own.
  private mutating func movesOnIfFull() {
    let top = levels.count - 1
    let old = levels[top].body
    guard !hasRoom(old) else { return }
    let piece = startPiece(owner: levels[top].section, placeholderIn: old)
    use(piece)
    stopUsing(old)
    levels[top].body = piece
  }

  private func hasRoom(_ sink: Int) -> Bool {
    sink < 0 ? mainBytes < mainBudget : (pieces[sink]?.bytes.bytes.count ?? 0) < pieceBudget
  }

  private mutating func startPiece(owner: Int, placeholderIn sink: Int) -> Int {
    let piece = store.newPiece(owner: owner)
    pieces[piece] = OpenPiece()
    scratch.write("<div class=\"lazy\" data-piece=\"\(piece)\"></div>\n")
    emit(to: sink)
    return piece
  }

  private mutating func use(_ sink: Int) {
    if sink >= 0 { pieces[sink]?.users += 1 }
  }

  /// One level less writes to `sink`; a piece nobody writes to any more is kept.
  private mutating func stopUsing(_ sink: Int) {
    guard sink >= 0, var piece = pieces[sink] else { return }
    piece.users -= 1
    if piece.users > 0 {
      pieces[sink] = piece
    } else {
      pieces[sink] = nil
      store.keep(piece.bytes.bytes, as: sink)
    }
  }

  /// Moves what is in `scratch` to `sink`.
  private mutating func emit(to sink: Int) {
    if sink < 0 {
      scratch.bytes.withUnsafeBytes { target.write(bytes: $0) }
      mainBytes += scratch.bytes.count
    } else {
      pieces[sink]?.bytes.bytes.append(contentsOf: scratch.bytes)
    }
    scratch.bytes.removeAll(keepingCapacity: true)
  }
}
