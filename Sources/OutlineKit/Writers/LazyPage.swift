import CZlib

/// A byte buffer to write to, for the parts of a page that are put aside before they go
/// where they belong.
struct ByteBuffer: ByteOutputStream {
  var bytes: [UInt8] = []

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func write(bytes more: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: more)
  }
}

/// Where a lazy page keeps what its first layout leaves out: the HTML of sections'
/// bodies, in pieces, deflated in chunks.
///
/// A piece is the body of one section (or of the document), or the next part of one
/// when the body is long: its content and its subsections' summaries, each subsection's
/// own body a piece again. The page holds, in place of a piece,
/// `<div class="lazy" data-piece="N"></div>`; its script inflates the chunk and puts the
/// piece there when the section is opened or the place comes into sight. A piece holds
/// one section's parts and nothing deeper, so that the next part of a body always comes
/// right after it: the script can lay out a late part without the parts before it.
struct LazyStore {
  /// About how much HTML a chunk holds before it is deflated: a section opens after its
  /// chunk is inflated, in a few milliseconds.
  static let chunkSize = 512 * 1024

  /// Four numbers for each piece, by its number: its chunk, its offset and length in the
  /// chunk once inflated, and the section whose body it holds (-1 for the document).
  private(set) var table: [Int] = []
  /// The chunks made so far, deflated (zlib), and whether each one is: one that could not
  /// be, for want of memory, is kept as it is.
  private(set) var chunks: [(bytes: [UInt8], deflated: Bool)] = []
  private var current: [UInt8] = []

  /// The number of a new piece that holds the body of `owner`.
  mutating func newPiece(owner: Int) -> Int {
    table.append(contentsOf: [-1, 0, 0, owner])
    return table.count / 4 - 1
  }

  /// Keeps `bytes` as the piece numbered `piece`.
  mutating func keep(_ bytes: [UInt8], as piece: Int) {
    table[piece * 4] = chunks.count
    table[piece * 4 + 1] = current.count
    table[piece * 4 + 2] = bytes.count
    current.append(contentsOf: bytes)
    if current.count >= LazyStore.chunkSize { seal() }
  }

  /// Deflates what is not yet in a chunk.
  mutating func seal() {
    guard !current.isEmpty else { return }
    if let deflated = LazyStore.deflated(current) {
      chunks.append((deflated, true))
    } else {
      chunks.append((current, false))
    }
    current = []
  }

  /// `bytes` in zlib's format, or nil when zlib cannot make it.
  static func deflated(_ bytes: [UInt8]) -> [UInt8]? {
    var size = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = output.withUnsafeMutableBufferPointer { output in
      bytes.withUnsafeBufferPointer { input in
        compress2(output.baseAddress, &size, input.baseAddress, uLong(input.count), 6)
      }
    }
    guard status == Z_OK else { return nil }
    output.removeSubrange(Int(size)...)
    return output
  }
}

/// What a lazy page's links and search look through: for the document and each
/// section, in document order, its parent's record, its id, its title and the piece that
/// holds its summary (-1 for the page itself), as JSON,
/// `[[-1,"","Page title",-1],[0,"install","Install",-1],…]`; and apart, so that a link
/// need not read them, the texts of their content, `["text…","…",…]`.
struct SearchRecords {
  private var texts: [ByteBuffer]
  private let outline: Outline
  private let title: String
  /// The piece that holds each section's summary, by index.
  var headPieces: [Int]

  init(outline: Outline, title: String) {
    self.outline = outline
    self.title = title
    texts = Array(repeating: ByteBuffer(), count: outline.sections.count + 1)
    headPieces = Array(repeating: -1, count: outline.sections.count)
  }

  /// Adds the text of `content`, which belongs to the section at `owner` (-1 for the
  /// document).
  mutating func add(_ content: Content, of owner: Int) {
    switch content.body {
    case .markdown(let blocks):
      blocks.document.writePlainText(container: blocks.container, to: &texts[owner + 1])
    case .members(let members):
      for member in members {
        texts[owner + 1].write(member.line)
        texts[owner + 1].write("\n")
      }
    }
  }

  /// The records of the sections as JSON.
  func sections(ids: [String]) -> [UInt8] {
    var json = ByteBuffer()
    json.write("[[-1,\"\",")
    JSONString.write(title, to: &json)
    json.write(",-1]")
    for index in outline.sections.indices {
      json.write(",[\(outline.sections[index].parent.map { $0 + 1 } ?? 0),")
      JSONString.write(ids[index], to: &json)
      json.write(",")
      JSONString.write(outline.sections[index].title, to: &json)
      json.write(",\(headPieces[index])]")
    }
    json.write("]")
    return json.bytes
  }

  /// The texts as JSON, each taken away as it is written.
  mutating func takeTexts() -> [UInt8] {
    var json = ByteBuffer()
    json.write("[")
    for record in texts.indices {
      if record > 0 { json.write(",") }
      texts[record].bytes.withUnsafeBytes { JSONString.write($0, to: &json) }
      texts[record] = ByteBuffer()
    }
    json.write("]")
    return json.bytes
  }
}

/// The walk that writes a lazy page's sections: the first `mainBudget` bytes of what is
/// open into the page, the rest, and every closed section's body, into the store, in
/// pieces of about `pieceBudget` bytes.
struct LazyWalk<Target: ByteOutputStream>: OutlineWalker {
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
  let outline: Outline
  let selection: Selection
  let ids: [String]
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
    self.outline = outline
    self.selection = selection
    self.target = target
    self.mainBudget = mainBudget
    self.pieceBudget = pieceBudget
    ids = outline.ids
    search = SearchRecords(outline: outline, title: title)
  }

  func descends(into index: Int) -> Bool { true }

  mutating func enter(_ index: Int) throws(Target.Failure) {
    try target.checkFailure()
    movesOnIfFull()
    let parentBody = levels[levels.count - 1].body
    let open = selection.isExpanded(index)
    writer.writeHead(of: index, in: outline, id: ids[index], open: open, to: &scratch)
    emit(to: parentBody)
    let section = outline.sections[index]
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

  mutating func visit(_ content: Content, depth: Int) {
    // With titles only, content is neither shown nor searched.
    guard !writer.options.titlesOnly else { return }
    movesOnIfFull()
    let level = levels[levels.count - 1]
    writer.writeContent(content, to: &scratch)
    emit(to: level.body)
    search.add(content, of: level.section)
  }

  mutating func leave(_ index: Int) {
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
