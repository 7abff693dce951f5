/// Writes the outline itself as JSON, for other tools: the document's `content` and
/// `children`, each section with `title`, `id`, `level`, `expanded`, `content` (its own
/// lines of text) and `children` (plus `key` for JSON input).
public struct JSONWriter {
  public init() {}

  /// Writes `outline` with the sections `selection` expanded, one section per line.
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, to target: inout Target
  ) throws(Target.Failure) {
    target.write(
      "{\"content\": \(JSONWriter.array(JSONWriter.lines(of: outline.content))), \"children\": [")
    var walk = JSONWalk(outline: outline, selection: selection, target: target)
    defer { target = walk.target }
    try outline.walk(&walk)
    walk.target.write(walk.wroteChild[0] ? "\n]}\n" : "]}\n")
    try walk.target.checkFailure()
  }

  /// Two spaces per level, up to as deep as the text writer indents, so that the output
  /// stays linear in the input; unlike the text writer's, nothing that is not JSON.
  fileprivate static func indent(depth: Int) -> String {
    String(repeating: " ", count: min(depth, TextWriter.deepestIndent) * 2)
  }

  /// The lines of content runs as the text writer shows them, without indentation.
  fileprivate static func lines(of content: [Content]) -> [String] {
    content.flatMap { run -> [String] in
      switch run.body {
      case .markdown(let blocks):
        let source = blocks.document.source
        return source.trimmingBlankLines(blocks.lines).map { source.line($0) }
      case .members(let members):
        return members.map(\.line)
      }
    }
  }

  fileprivate static func array(_ items: [String]) -> String {
    "[" + items.map(JSONString.quoted).joined(separator: ", ") + "]"
  }
}

/// The walk that writes each section as an object on a line of its own, its subsections
/// in its `children`.
private struct JSONWalk<Target: ByteOutputStream>: OutlineWalker {
  typealias Failure = Target.Failure

  let outline: Outline
  let selection: Selection
  var target: Target
  let ids: [String]
  /// Whether each open level has written a child yet, for the commas between them.
  var wroteChild = [false]

  init(outline: Outline, selection: Selection, target: Target) {
    self.outline = outline
    self.selection = selection
    self.target = target
    ids = outline.ids
  }

  func descends(into index: Int) -> Bool { true }

  mutating func enter(_ index: Int) throws(Target.Failure) {
    try target.checkFailure()
    let section = outline.sections[index]
    target.write(wroteChild[wroteChild.count - 1] ? ",\n" : "\n")
    wroteChild[wroteChild.count - 1] = true
    var object = JSONWriter.indent(depth: section.depth + 1)
    object +=
      "{\"title\": \(JSONString.quoted(section.title)), \"id\": \(JSONString.quoted(ids[index]))"
    if let key = section.key { object += ", \"key\": \(JSONString.quoted(key))" }
    object += ", \"level\": \(section.level), \"expanded\": \(selection.isExpanded(index))"
    object +=
      ", \"content\": \(JSONWriter.array(JSONWriter.lines(of: section.content))), \"children\": ["
    target.write(object)
    wroteChild.append(false)
  }

  /// Content goes with its section, in `enter`.
  func visit(_ content: Content, depth: Int) {}

  mutating func leave(_ index: Int) {
    let hadChildren = wroteChild.removeLast()
    target.write(
      hadChildren
        ? "\n" + JSONWriter.indent(depth: outline.sections[index].depth + 1) + "]}" : "]}")
  }
}
