import CCmark

/// A tree cmark-gfm parsed, until a `MarkdownDocument` takes its blocks
/// (`takeTopLevel(of:titleText:_:)`): it frees what is left of it when it goes.
final class CmarkTree {
  let root: OpaquePointer

  init(root: OpaquePointer) {
    self.root = root
  }

  deinit {
    cmark_node_free(root)
  }

  /// How many headings stand at its top level.
  var headingCount: Int {
    CmarkWalk.children(of: root).count { cmark_node_get_type($0) == CMARK_NODE_HEADING }
  }
}
