import CCmark

/// Where a node starts in its document: 1-based line and column.
public struct SourcePlace: Hashable, Comparable, Sendable {
  public let line: Int
  public let column: Int

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  init(_ node: OpaquePointer) {
    line = Int(cmark_node_get_start_line(node))
    column = max(1, Int(cmark_node_get_start_column(node)))
  }

  public static func < (left: SourcePlace, right: SourcePlace) -> Bool {
    (left.line, left.column) < (right.line, right.column)
  }
}
