import CCmark

extension SourcePlace {
  /// Where cmark says `node` starts.
  init(_ node: OpaquePointer) {
    self.init(
      line: Int(cmark_node_get_start_line(node)),
      column: max(1, Int(cmark_node_get_start_column(node))))
  }
}
