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
      blocks: root.map { MarkdownTree(freezing: $0) } ?? MarkdownTree(nodes: []),
      notes: document.frozenNotes, divisions: document.openDivisions(before: node),
      mentionsAlignment: document.mentionsAlignment)
  }
}

extension MarkdownTree {
  /// The nodes under `root`, copied out of cmark-gfm's tree in one walk, without
  /// recursion: the nodes entered and not yet left wait on a stack of their own.
  init(freezing root: OpaquePointer) {
    var nodes: [Node] = []
    // The nodes entered and not yet left, each with what it is as far as its children
    // need to know, and the count of raw HTML inlines seen before it, which tells whether
    // any stands under it when it is left.
    var open: [(index: Int, holder: Holder, htmlBefore: Int)] = []
    var htmlSeen = 0
    for step in CmarkWalk(root) {
      guard step.isEntering else {
        let (index, holder, htmlBefore) = open.removeLast()
        nodes[index].end = Int32(nodes.count)
        if htmlSeen > htmlBefore, holder == .inlines,
          let mended = MarkdownTree.withHTML(nodes[index].kind, step.node)
        {
          nodes[index] = Node(
            kind: mended, end: nodes[index].end, parent: nodes[index].parent,
            isFirst: nodes[index].isFirst)
        }
        continue
      }
      let parent = open.last
      let kind = MarkdownTree.kind(of: step.node, under: parent?.holder ?? .other)
      if case .inline(.html) = kind { htmlSeen += 1 }
      nodes.append(
        Node(
          kind: kind, end: Int32(nodes.count + 1), parent: Int32(parent?.index ?? -1),
          isFirst: cmark_node_previous(step.node) == nil))
      if cmark_node_first_child(step.node) != nil {
        open.append((nodes.count - 1, Holder(kind), htmlSeen))
      }
    }
    self.init(nodes: nodes)
  }

  /// What a node is, as far as the kinds of its children and its own HTML need to know.
  private enum Holder {
    case table, tableRow, other
    /// A paragraph or table cell, which holds inlines and may need its HTML.
    case inlines

    init(_ kind: Kind) {
      switch kind {
      case .block(.table): self = .table
      case .block(.tableRow): self = .tableRow
      case .block(.paragraph), .block(.tableCell): self = .inlines
      default: self = .other
      }
    }
  }

  /// A paragraph or table cell `kind` of `node` with its HTML, now that raw HTML was
  /// found among its inlines; nil for any other kind.
  private static func withHTML(_ kind: Kind, _ node: OpaquePointer) -> Kind? {
    let html: () -> [UInt8]? = {
      guard let html = CmarkRenderer.htmlAlone(node, unsafe: true, filtersTags: false) else {
        return nil
      }
      defer { free(html.baseAddress) }
      return Array(html)
    }
    switch kind {
    case .block(.paragraph): return .block(.paragraph(html: html()))
    case .block(.tableCell): return .block(.tableCell(html: html()))
    default: return nil
    }
  }

  /// The text cmark-gfm holds for `node`; empty when it holds none.
  private static func literal(_ node: OpaquePointer) -> String {
    cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
  }

  private static func url(_ node: OpaquePointer) -> String {
    cmark_node_get_url(node).map { String(cString: $0) } ?? ""
  }

  /// What `node` is, under `parent`.
  private static func kind(of node: OpaquePointer, under parent: Holder) -> Kind {
    let type = cmark_node_get_type(node)
    switch type {
    case CMARK_NODE_PARAGRAPH: return .block(.paragraph(html: nil))
    case CMARK_NODE_HEADING: return .block(.heading(level: Int(cmark_node_get_heading_level(node))))
    case CMARK_NODE_CODE_BLOCK:
      let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
      return .block(.codeBlock(code: literal(node), info: info))
    case CMARK_NODE_THEMATIC_BREAK: return .block(.thematicBreak)
    case CMARK_NODE_HTML_BLOCK: return .block(.htmlBlock(literal(node)))
    case CMARK_NODE_BLOCK_QUOTE: return .block(.blockQuote)
    case CMARK_NODE_CUSTOM_BLOCK:
      return GitHubAlert.kind(of: node).map { .block(.alert($0)) } ?? .block(.other)
    case CMARK_NODE_LIST:
      let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
      return .block(
        .list(
          MarkdownList(
            start: ordered ? Int(cmark_node_get_list_start(node)) : nil,
            parenthesis: cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM,
            isTight: cmark_node_get_list_tight(node) != 0)))
    case CMARK_NODE_ITEM:
      guard UInt(bitPattern: cmark_node_get_syntax_extension(node)) == CmarkExtensions.tasklist
      else { return .block(.item(task: nil)) }
      let done = cmark_gfm_extensions_get_tasklist_item_checked(node)
      return .block(.item(task: done ? .done : .open))
    case CmarkExtensions.tableType:
      let columns = Int(cmark_gfm_extensions_get_table_columns(node))
      let alignments = cmark_gfm_extensions_get_table_alignments(node).map { alignments in
        (0..<columns).map { column -> MarkdownBlock.TableAlignment in
          switch alignments[column] {
          case UInt8(ascii: "l"): .left
          case UInt8(ascii: "c"): .center
          case UInt8(ascii: "r"): .right
          default: .none
          }
        }
      }
      return .block(.table(alignments: alignments ?? []))
    case CMARK_NODE_TEXT: return .inline(.text(literal(node)))
    case CMARK_NODE_CODE: return .inline(.code(literal(node)))
    case CMARK_NODE_HTML_INLINE: return .inline(.html(literal(node)))
    case CMARK_NODE_SOFTBREAK: return .inline(.softBreak)
    case CMARK_NODE_LINEBREAK: return .inline(.lineBreak)
    case CMARK_NODE_FOOTNOTE_REFERENCE: return .inline(.footnoteReference(literal(node)))
    case CMARK_NODE_EMPH: return .inline(.emphasis)
    case CMARK_NODE_STRONG: return .inline(.strong)
    case CmarkExtensions.strikethroughType: return .inline(.strikethrough)
    case CMARK_NODE_LINK: return .inline(.link(url: url(node)))
    case CMARK_NODE_IMAGE: return .inline(.image(url: url(node)))
    default:
      // A table's rows and their cells, which the table extension gives types of their
      // own that Swift does not import.
      switch parent {
      case .table:
        return .block(.tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0))
      case .tableRow: return .block(.tableCell(html: nil))
      case .inlines, .other: break
      }
      return type.rawValue & MarkdownTree.nodeKindMask == MarkdownTree.blockKind
        ? .block(.other) : .inline(.other)
    }
  }

  /// cmark-gfm's bits of a node type that say whether it is a block or an inline
  /// (`CMARK_NODE_TYPE_MASK`, `CMARK_NODE_TYPE_BLOCK`), which Swift does not import.
  private static let nodeKindMask: UInt32 = 0xC000
  private static let blockKind: UInt32 = 0x8000
}

extension MarkdownDocument {
  /// The footnotes referred to, each frozen as a tree of its blocks, in the order
  /// cmark-gfm numbers them: note n is at n - 1. Made when first asked for.
  var frozenNotes: [MarkdownTree] {
    if let made = notesFrozen { return made }
    let made =
      root(of: .notes).map { CmarkWalk.children(of: $0).map(MarkdownTree.init(freezing:)) } ?? []
    notesFrozen = made
    return made
  }
}
