import CCmark
import CCmarkGuard

extension MarkdownDocument {
  /// Top-level blocks gathered in a document node of their own that the document does not
  /// own yet: its reader adopts the run as a section's content (`adopt(_:)`) or lets it go
  /// (`discard(_:)`).
  struct Run {
    fileprivate let node: OpaquePointer

    /// Whether it holds no block.
    var isEmpty: Bool { cmark_node_first_child(node) == nil }
  }

  /// Takes ownership of a run's node.
  func adopt(_ run: Run) -> Container {
    adoptContainer(run.node)
  }

  /// Frees a run that holds nothing to show.
  func discard(_ run: Run) {
    cmark_node_free(run.node)
  }

  /// Moves the top level of `tree` into the document, handing `body` each run of blocks
  /// and each heading in document order: a run before every heading (the first holds the
  /// front matter as a YAML code block) and one after the last. GitHub's alerts become
  /// blocks of their own, and the footnotes that are referred to go to the document's
  /// notes. `titleText` is where headings' titles are gathered.
  func takeTopLevel(
    of tree: CmarkTree, titleText: FoldedText, _ body: (MarkdownTopLevel) -> Void
  ) {
    var run = MarkdownDocument.newNode(CMARK_NODE_DOCUMENT)
    if let lines = frontMatter {
      cmark_node_append_child(run, frontMatterBlock(lines: lines.count))
    }
    // cmark-gfm moves the footnotes that are referred to after every other block, in the
    // order of their first reference; they are rendered once, after the whole document.
    var notes: OpaquePointer? = nil
    for block in CmarkWalk.children(of: tree.root) {
      cmark_node_unlink(block)
      switch cmark_node_get_type(block) {
      case CMARK_NODE_FOOTNOTE_DEFINITION:
        let container = notes ?? MarkdownDocument.newNode(CMARK_NODE_DOCUMENT)
        cmark_node_append_child(container, block)
        notes = container
      case CMARK_NODE_BLOCK_QUOTE:
        if let alert = GitHubAlert.alert(from: block) {
          cmark_node_append_child(run, alert)
          cmark_node_free(block)
        } else {
          cmark_node_append_child(run, block)
        }
      case CMARK_NODE_HEADING:
        let line = Int(cmark_node_get_start_line(block)) - 1
        body(.blocks(Run(node: run), nextHeading: line))
        let hint = HeadingText.removeHint(block)
        let (title, isPlain) = HeadingText.plainText(block, using: titleText)
        body(
          .heading(
            TopLevelHeading(
              node: adoptHeading(block), level: Int(cmark_node_get_heading_level(block)),
              line: line, title: title, isPlainText: isPlain, hint: hint)))
        run = MarkdownDocument.newNode(CMARK_NODE_DOCUMENT)
      case CMARK_NODE_HTML_BLOCK:
        if !mentionsAlignment { mentionsAlignment = MarkdownDocument.mentionsAlign(block) }
        cmark_node_append_child(run, block)
      default:
        cmark_node_append_child(run, block)
      }
    }
    body(.blocks(Run(node: run), nextHeading: nil))
    if let notes { adoptNotes(notes) }
  }

  /// A new node of `type`, made with collapse's allocator; the tree it joins frees it.
  private static func newNode(_ type: cmark_node_type) -> OpaquePointer {
    guard let node = cmark_node_new_with_mem(type, collapse_cmark_mem()) else {
      // cmark returns NULL only when allocation fails, and collapse's allocator never
      // returns NULL: it aborts, or jumps out of a guarded parse or render (CCmarkGuard).
      preconditionFailure("cmark could not allocate a node, which CCmarkGuard never lets happen")
    }
    return node
  }

  /// A fenced YAML code block holding the front matter, without its `---` lines.
  private func frontMatterBlock(lines: Int) -> OpaquePointer {
    var yaml = ""
    for line in 1..<max(1, lines - 1) where line < source.lineCount {
      yaml += source.line(line)
      yaml += "\n"
    }
    let block = MarkdownDocument.newNode(CMARK_NODE_CODE_BLOCK)
    cmark_node_set_fence_info(block, "yaml")
    cmark_node_set_literal(block, yaml)
    return block
  }
}
