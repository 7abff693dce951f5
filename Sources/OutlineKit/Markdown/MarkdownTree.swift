/// Markdown's blocks and inlines as Swift values copied out of cmark-gfm's tree: frozen,
/// read only and `Sendable`, so that a value of it may be read on any thread while the
/// cmark tree stays with its document. Its nodes stand in pre-order, each knowing where
/// its descendants end and where its parent stands, so that it is built, walked and
/// freed without recursion however deep the input nests.
struct MarkdownTree: Sendable {
  /// A node as it is kept: what it is, where its descendants end and where its parent
  /// stands. It holds no reference, so that reading it copies a few words and nothing
  /// more; its text stands in the tree's `bytes`.
  struct Entry: Sendable {
    var kind: Stored
    /// The index after its last descendant: its descendants are the nodes from its own
    /// index + 1 up to here.
    var end: Int32
    /// The index of its parent; -1 for a node at the top, whose parent is the tree's root.
    let parent: Int32
    /// Whether it is its parent's first child.
    let isFirst: Bool
  }

  /// Bytes of the tree's `bytes`: from `start`, `count` of them.
  struct Span: Sendable, Equatable {
    let start: Int
    let count: Int
  }

  /// A block or inline as it is kept: its kind, with what it holds as spans of the tree's
  /// bytes; `MarkdownBlock` and `MarkdownInline` say what each holds.
  enum Stored: Sendable {
    case paragraph(html: Span?)
    case heading(level: Int)
    case codeBlock(code: Span, info: Span)
    case thematicBreak
    case htmlBlock(Span)
    case blockQuote
    case alert(AlertKind)
    case list(MarkdownList)
    case item(task: MarkdownBlock.TaskState?)
    /// Each column's alignment a byte, by the order of `MarkdownBlock.TableAlignment`.
    case table(alignments: Span)
    case tableRow(isHeader: Bool)
    case tableCell(html: Span?)
    case otherBlock
    case text(Span)
    case code(Span)
    case html(Span)
    case softBreak
    case lineBreak
    case footnoteReference(Span)
    case emphasis
    case strong
    case strikethrough
    case link(url: Span)
    case image(url: Span)
    case otherInline
  }

  /// A block or inline with what it holds copied out as Swift values, where its
  /// descendants end and where its parent stands.
  struct Node: Sendable {
    let kind: Kind
    let end: Int32
    let parent: Int32
    let isFirst: Bool
  }

  enum Kind: Sendable {
    case block(MarkdownBlock)
    case inline(MarkdownInline)
  }

  /// The nodes in pre-order; the root they hang under is not one of them.
  let entries: [Entry]
  /// The text the nodes hold, one after another.
  let bytes: [UInt8]

  init(entries: [Entry], bytes: [UInt8]) {
    self.entries = entries
    self.bytes = bytes
  }

  /// The nodes in pre-order, each with what it holds copied out.
  var nodes: Nodes { Nodes(tree: self) }

  struct Nodes: RandomAccessCollection {
    let tree: MarkdownTree
    var startIndex: Int { 0 }
    var endIndex: Int { tree.entries.count }

    subscript(index: Int) -> Node {
      let entry = tree.entries[index]
      return Node(
        kind: tree.kind(of: entry.kind), end: entry.end, parent: entry.parent,
        isFirst: entry.isFirst)
    }
  }

  /// The text `span` holds.
  func string(_ span: Span) -> String {
    bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[span.start..<span.start + span.count]),
        as: UTF8.self)
    }
  }

  /// Calls `body` with the bytes `span` holds.
  func withBytes<Result>(
    of span: Span, _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    try bytes.withUnsafeBytes {
      try body(UnsafeRawBufferPointer(rebasing: $0[span.start..<span.start + span.count]))
    }
  }

  /// The bytes `span` holds.
  func array(_ span: Span) -> [UInt8] { Array(bytes[span.start..<span.start + span.count]) }

  /// A table's alignments, kept as a byte each.
  func alignments(_ span: Span) -> [MarkdownBlock.TableAlignment] {
    bytes[span.start..<span.start + span.count].map { byte in
      switch byte {
      case 1: .left
      case 2: .center
      case 3: .right
      default: .none
      }
    }
  }

  /// What `stored` is, with what it holds copied out.
  func kind(of stored: Stored) -> Kind {
    switch stored {
    case .paragraph(let html): .block(.paragraph(html: html.map(array)))
    case .heading(let level): .block(.heading(level: level))
    case .codeBlock(let code, let info): .block(.codeBlock(code: string(code), info: string(info)))
    case .thematicBreak: .block(.thematicBreak)
    case .htmlBlock(let html): .block(.htmlBlock(string(html)))
    case .blockQuote: .block(.blockQuote)
    case .alert(let kind): .block(.alert(kind))
    case .list(let list): .block(.list(list))
    case .item(let task): .block(.item(task: task))
    case .table(let alignments): .block(.table(alignments: self.alignments(alignments)))
    case .tableRow(let isHeader): .block(.tableRow(isHeader: isHeader))
    case .tableCell(let html): .block(.tableCell(html: html.map(array)))
    case .otherBlock: .block(.other)
    case .text(let text): .inline(.text(string(text)))
    case .code(let text): .inline(.code(string(text)))
    case .html(let text): .inline(.html(string(text)))
    case .softBreak: .inline(.softBreak)
    case .lineBreak: .inline(.lineBreak)
    case .footnoteReference(let text): .inline(.footnoteReference(string(text)))
    case .emphasis: .inline(.emphasis)
    case .strong: .inline(.strong)
    case .strikethrough: .inline(.strikethrough)
    case .link(let url): .inline(.link(url: string(url)))
    case .image(let url): .inline(.image(url: string(url)))
    case .otherInline: .inline(.other)
    }
  }

  /// Whether the node at `index` has children.
  func hasChildren(_ index: Int) -> Bool { Int(entries[index].end) > index + 1 }

  /// The indices of the children of the node at `index` (of the top-level nodes when
  /// nil), first to last.
  func children(of index: Int?) -> some Sequence<Int> {
    let end = index.map { Int(entries[$0].end) } ?? entries.count
    return sequence(first: (index ?? -1) + 1) { Int(self.entries[$0].end) }.prefix { $0 < end }
  }

  /// The text of the node at `index` and of the inlines under it, as an image's alt
  /// text is made: each text, code span, raw HTML and footnote number in turn.
  func literalText(under index: Int) -> String {
    var text = ""
    for inside in index..<Int(entries[index].end) {
      switch entries[inside].kind {
      case .text(let span), .code(let span), .html(let span), .footnoteReference(let span):
        text += string(span)
      default: break
      }
    }
    return text
  }

  /// A walk through the nodes under one in pre-order: each node is entered, and one
  /// with children is left after them, as `CmarkWalk` walks cmark's tree. It keeps no
  /// stack: the innermost node open is found again from parent to parent.
  struct Walk: Sequence, IteratorProtocol {
    /// A node entered, or left after its children.
    struct Step {
      let index: Int
      let isEntering: Bool
    }

    private let nodes: [Entry]
    /// The node walked under, whose descendants the walk visits; -1 for the whole tree.
    private let root: Int
    private let end: Int
    /// The next node to enter.
    private var position: Int
    /// The innermost node entered and not yet left; -1 for none.
    private var open = -1

    /// A walk of the nodes under the one at `root`, or of the whole tree when nil.
    init(_ tree: MarkdownTree, under root: Int? = nil) {
      nodes = tree.entries
      self.root = root ?? -1
      end = root.map { Int(tree.entries[$0].end) } ?? tree.entries.count
      position = self.root + 1
    }

    mutating func next() -> Step? {
      if open >= 0 && Int(nodes[open].end) == position {
        let left = open
        open = Int(nodes[left].parent)
        if open == root { open = -1 }
        return Step(index: left, isEntering: false)
      }
      guard position < end else { return nil }
      let index = position
      position += 1
      if Int(nodes[index].end) > position { open = index }
      return Step(index: index, isEntering: true)
    }

    /// Goes past the children of the node just entered, which is then not left either.
    mutating func skipChildren() {
      guard open >= 0 && open == position - 1 else { return }
      position = Int(nodes[open].end)
      open = Int(nodes[open].parent)
      if open == root { open = -1 }
    }
  }
}

/// A block of a frozen Markdown tree; what it holds are the nodes under it.
enum MarkdownBlock: Sendable {
  /// Its inlines; with its HTML as cmark-gfm renders it, raw HTML kept, when they hold
  /// raw HTML (nil too when that HTML would be larger than one render holds).
  case paragraph(html: [UInt8]?)
  case heading(level: Int)
  /// Code as written, with the fence's info string (empty for indented code).
  case codeBlock(code: String, info: String)
  case thematicBreak
  /// Raw HTML as written.
  case htmlBlock(String)
  case blockQuote
  /// A GitHub alert holding blocks.
  case alert(AlertKind)
  case list(MarkdownList)
  /// A list item; a task item's box is ticked or not.
  case item(task: TaskState?)
  case table(alignments: [TableAlignment])
  case tableRow(isHeader: Bool)
  /// A table cell's inlines, with its HTML as a paragraph's.
  case tableCell(html: [UInt8]?)
  /// A block of no kind above (a footnote's definition, a custom block): its blocks.
  case other

  enum TaskState: Sendable {
    case open, done
  }

  enum TableAlignment: Sendable {
    case none, left, center, right
  }
}

/// A list: bulleted, or numbered from `start` with its delimiter.
struct MarkdownList: Sendable {
  /// The first item's number; nil for a bulleted list.
  let start: Int?
  /// Whether its numbers end in `)` rather than `.`.
  let parenthesis: Bool
  /// Whether no blank lines stand between its items.
  let isTight: Bool
}

/// An inline of a frozen Markdown tree.
enum MarkdownInline: Sendable {
  case text(String)
  case code(String)
  /// Raw HTML as written.
  case html(String)
  case softBreak
  case lineBreak
  /// A reference to a footnote, by the number it was given.
  case footnoteReference(String)
  case emphasis
  case strong
  case strikethrough
  /// A link to `url`, its text the inlines under it.
  case link(url: String)
  /// An image of `url`, its alt text the inlines under it.
  case image(url: String)
  /// An inline of no kind above: its inlines.
  case other
}

/// A content run's Markdown frozen for drawing: its blocks, the footnotes of its document
/// that a run may refer to, and the document's aligned divisions open around it.
struct FrozenMarkdown: Sendable {
  let blocks: MarkdownTree
  /// The document's footnotes referred to, each a tree of its blocks: note n is at n - 1.
  let notes: [MarkdownTree]
  /// The aligned divisions left open around the run by the parts before it.
  let divisions: OpenDivisions
  /// Whether a top-level HTML block of the document mentions `align`, without which no
  /// block of the run opens or closes an aligned division.
  let mentionsAlignment: Bool
}
