import CCmark
import CCmarkGuard

/// GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` alone, with something after it. GitHub shows it as a
/// callout with a title; cmark-gfm knows nothing of them and reads a block quote.
enum GitHubAlert {
  /// The HTML that starts an alert of `kind`, as GitHub writes it.
  private static func opening(_ kind: AlertKind) -> String {
    "<div class=\"markdown-alert markdown-alert-\(kind.title.lowercased())\">\n<p class=\"markdown-alert-title\">\(kind.title)</p>\n"
  }

  /// The kind of alert `node` is, or nil when it is no alert: `alert(from:)` keeps the
  /// kind in the node's user data, as its number among the kinds plus one.
  static func kind(of node: OpaquePointer) -> AlertKind? {
    guard cmark_node_get_type(node) == CMARK_NODE_CUSTOM_BLOCK,
      let data = cmark_node_get_user_data(node)
    else { return nil }
    let number = Int(bitPattern: data) - 1
    return AlertKind.allCases.indices.contains(number) ? AlertKind.allCases[number] : nil
  }

  /// The alert that `quote`, an unlinked block quote, reads as: a new block holding its
  /// blocks without the marker, rendered as GitHub's `<div class="markdown-alert …">`
  /// with its title. `quote` is then empty and the caller frees it. Nil when it is no
  /// alert, and `quote` is left as it was.
  static func alert(from quote: OpaquePointer) -> OpaquePointer? {
    guard let paragraph = cmark_node_first_child(quote),
      cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH
    else { return nil }
    // The marker: the text before the first line break, in the pieces cmark splits it in.
    var marker = ""
    var markerNodes: [OpaquePointer] = []
    var lineBreak: OpaquePointer? = nil
    for inline in CmarkWalk.children(of: paragraph) {
      let type = cmark_node_get_type(inline)
      guard type == CMARK_NODE_TEXT else {
        if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { lineBreak = inline }
        break
      }
      marker += cmark_node_get_literal(inline).map { String(cString: $0) } ?? ""
      markerNodes.append(inline)
    }
    let word = marker.trimmingCharacters(in: " \t").uppercased()
    guard word.hasPrefix("[!"), word.hasSuffix("]"),
      let kind = AlertKind(marker: word.dropFirst(2).dropLast()),
      lineBreak != nil || cmark_node_next(paragraph) != nil
    else { return nil }
    for inline in markerNodes + (lineBreak.map { [$0] } ?? []) {
      cmark_node_unlink(inline)
      cmark_node_free(inline)
    }
    if cmark_node_first_child(paragraph) == nil {
      cmark_node_unlink(paragraph)
      cmark_node_free(paragraph)
    }
    guard let alert = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, collapse_cmark_mem()) else {
      preconditionFailure("cmark could not allocate a node, which CCmarkGuard never lets happen")
    }
    cmark_node_set_on_enter(alert, opening(kind))
    let number = AlertKind.allCases.firstIndex(of: kind) ?? 0
    cmark_node_set_user_data(alert, UnsafeMutableRawPointer(bitPattern: number + 1))
    cmark_node_set_on_exit(alert, "</div>")
    for child in CmarkWalk.children(of: quote) {
      cmark_node_unlink(child)
      cmark_node_append_child(alert, child)
    }
    return alert
  }
}
