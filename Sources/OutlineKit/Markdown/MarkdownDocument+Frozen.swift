import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownBlocks {
  /// The blocks copied out of cmark-gfm's tree, with what drawing them needs of their
  /// document, as a value any thread may read. The document's emoji are shown first, as
  /// every output shows them.
  func frozen() -> FrozenMarkdown {
    document.showEmoji()
    let root = document.root(of: .blocks(node))
    return FrozenMarkdown(
      blocks: root.map { MarkdownTree(freezing: $0, lines: lines.count) }
        ?? MarkdownTree(entries: [], bytes: []),
      notes: document.frozenNotes, divisions: document.openDivisions(before: node),
      mentionsAlignment: document.mentionsAlignment)
  }
}

extension MarkdownTree {
  /// The nodes under `root`, copied out of cmark-gfm's tree in one walk, without
  /// recursion: the nodes entered and not yet left wait on a stack of their own. Room is
  /// made beforehand for what `lines` source lines usually hold, so that the nodes and
  /// their text are seldom moved as they grow.
  init(freezing root: OpaquePointer, lines: Int = 0) {
    var freezer = Freezer()
    freezer.entries.reserveCapacity(lines * 3)
    freezer.bytes.reserveCapacity(lines * 48)
    // The nodes entered and not yet left, each with what it is as far as its children
    // need to know, and the count of raw HTML inlines seen before it, which tells whether
    // any stands under it when it is left.
    var open: [(index: Int, holder: Holder, htmlBefore: Int)] = []
    open.reserveCapacity(16)
    var htmlSeen = 0
    for step in CmarkWalk(root) {
      guard step.isEntering else {
        let (index, holder, htmlBefore) = open.removeLast()
        freezer.entries[index].end = Int32(freezer.entries.count)
        if htmlSeen > htmlBefore, holder == .inlines {
          freezer.addHTML(of: step.node, to: index)
        }
        continue
      }
      let parent = open.last
      let kind = freezer.kind(of: step.node, under: parent?.holder ?? .other)
      if case .html = kind { htmlSeen += 1 }
      freezer.entries.append(
        Entry(
          kind: kind, end: Int32(freezer.entries.count + 1), parent: Int32(parent?.index ?? -1),
          isFirst: cmark_node_previous(step.node) == nil))
      if cmark_node_first_child(step.node) != nil {
        open.append((freezer.entries.count - 1, Holder(kind), htmlSeen))
      }
    }
    self.init(entries: freezer.entries, bytes: freezer.bytes)
  }

  /// What a node is, as far as the kinds of its children and its own HTML need to know.
  private enum Holder {
    case table, tableRow, other
    /// A paragraph or table cell, which holds inlines and may need its HTML.
    case inlines

    init(_ kind: Stored) {
      switch kind {
      case .table: self = .table
      case .tableRow: self = .tableRow
      case .paragraph, .tableCell: self = .inlines
      default: self = .other
      }
    }
  }

  /// The entries and bytes of a tree being frozen.
  private struct Freezer {
    var entries: [Entry] = []
    var bytes: [UInt8] = []

    /// The span of `added` added to the bytes.
    private mutating func add(_ added: UnsafeRawBufferPointer) -> Span {
      let span = Span(start: bytes.count, count: added.count)
      bytes.append(contentsOf: added.assumingMemoryBound(to: UInt8.self))
      return span
    }

    /// The span of a C string added to the bytes; empty for none.
    private mutating func add(_ string: UnsafePointer<CChar>?) -> Span {
      guard let string else { return Span(start: bytes.count, count: 0) }
      return add(UnsafeRawBufferPointer(start: string, count: strlen(string)))
    }

    /// Gives the paragraph or table cell at `index`, of `node`, its HTML, now that raw
    /// HTML was found among its inlines.
    mutating func addHTML(of node: OpaquePointer, to index: Int) {
      switch entries[index].kind {
      case .paragraph: entries[index].kind = .paragraph(html: html(of: node))
      case .tableCell: entries[index].kind = .tableCell(html: html(of: node))
      default: break
      }
    }

    /// The span of `node`'s HTML as cmark-gfm renders it, raw HTML kept, added to the
    /// bytes; nil when that HTML would be larger than one render holds.
    private mutating func html(of node: OpaquePointer) -> Span? {
      guard let html = CmarkRenderer.htmlAlone(node, unsafe: true, filtersTags: false) else {
        return nil
      }
      defer { free(html.baseAddress) }
      return add(UnsafeRawBufferPointer(html))
    }

    /// What `node` is, under `parent`, its text added to the bytes.
    mutating func kind(of node: OpaquePointer, under parent: Holder) -> Stored {
      let type = cmark_node_get_type(node)
      switch type {
      case CMARK_NODE_PARAGRAPH: return .paragraph(html: nil)
      case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
      case CMARK_NODE_CODE_BLOCK:
        let code = add(cmark_node_get_literal(node))
        return .codeBlock(code: code, info: add(cmark_node_get_fence_info(node)))
      case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
      case CMARK_NODE_HTML_BLOCK: return .htmlBlock(add(cmark_node_get_literal(node)))
      case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
      case CMARK_NODE_CUSTOM_BLOCK:
        return GitHubAlert.kind(of: node).map { .alert($0) } ?? .otherBlock
      case CMARK_NODE_LIST:
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        return .list(
          MarkdownList(
            start: ordered ? Int(cmark_node_get_list_start(node)) : nil,
            parenthesis: cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM,
            isTight: cmark_node_get_list_tight(node) != 0))
      case CMARK_NODE_ITEM:
        guard UInt(bitPattern: cmark_node_get_syntax_extension(node)) == CmarkExtensions.tasklist
        else { return .item(task: nil) }
        let done = cmark_gfm_extensions_get_tasklist_item_checked(node)
        return .item(task: done ? .done : .open)
      case CmarkExtensions.tableType:
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        let start = bytes.count
        if let alignments = cmark_gfm_extensions_get_table_alignments(node) {
          for column in 0..<columns {
            switch alignments[column] {
            case UInt8(ascii: "l"): bytes.append(1)
            case UInt8(ascii: "c"): bytes.append(2)
            case UInt8(ascii: "r"): bytes.append(3)
            default: bytes.append(0)
            }
          }
        }
        return .table(alignments: Span(start: start, count: bytes.count - start))
      case CMARK_NODE_TEXT: return .text(add(cmark_node_get_literal(node)))
      case CMARK_NODE_CODE: return .code(add(cmark_node_get_literal(node)))
      case CMARK_NODE_HTML_INLINE: return .html(add(cmark_node_get_literal(node)))
      case CMARK_NODE_SOFTBREAK: return .softBreak
      case CMARK_NODE_LINEBREAK: return .lineBreak
      case CMARK_NODE_FOOTNOTE_REFERENCE:
        return .footnoteReference(add(cmark_node_get_literal(node)))
      case CMARK_NODE_EMPH: return .emphasis
      case CMARK_NODE_STRONG: return .strong
      case CmarkExtensions.strikethroughType: return .strikethrough
      case CMARK_NODE_LINK: return .link(url: add(cmark_node_get_url(node)))
      case CMARK_NODE_IMAGE: return .image(url: add(cmark_node_get_url(node)))
      default:
        // A table's rows and their cells, which the table extension gives types of their
        // own that Swift does not import.
        switch parent {
        case .table:
          return .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
        case .tableRow: return .tableCell(html: nil)
        case .inlines, .other: break
        }
        return type.rawValue & MarkdownTree.nodeKindMask == MarkdownTree.blockKind
          ? .otherBlock : .otherInline
      }
    }
  }

  /// cmark-gfm's bits of a node type that say whether it is a block or an inline
  /// (`CMARK_NODE_TYPE_MASK`, `CMARK_NODE_TYPE_BLOCK`), which Swift does not import.
  fileprivate static let nodeKindMask: UInt32 = 0xC000
  fileprivate static let blockKind: UInt32 = 0x8000
}

extension MarkdownDocument {
  /// The footnotes referred to, each frozen as a tree of its blocks, in the order
  /// cmark-gfm numbers them: note n is at n - 1. Made when first asked for.
  var frozenNotes: [MarkdownTree] {
    if let made = notesFrozen { return made }
    let made =
      root(of: .notes).map { CmarkWalk.children(of: $0).map { MarkdownTree(freezing: $0) } } ?? []
    notesFrozen = made
    return made
  }
}
