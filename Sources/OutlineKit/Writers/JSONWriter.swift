/// Writes the outline itself as JSON, for other tools, as `docs/outline.schema.json`
/// describes it: a `version`, the document's own `content`, and its sections as
/// `children`, each with its title, id, a NAME that selects it (`path`), where it stands in
/// the source (`lines`, `bytes`), whether it is `expanded`, its own `content` and its
/// subsections. Markdown content is its source lines; JSON content is its members, each
/// value as it stood.
public struct JSONWriter {
  /// The version of the format, which changes when a field changes its meaning or goes.
  public static let version = 1

  public init() {}

  /// Writes `outline` with the sections `selection` expanded, one section per line.
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, to target: inout Target
  ) throws(Target.Failure) {
    target.write("{\"version\": \(JSONWriter.version), \"content\": ")
    JSONWriter.write(outline.content, to: &target)
    target.write(", \"children\": [")
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

  /// Writes content runs as an array: a Markdown run's source lines as strings, without
  /// the blank lines at either end; a JSON run's members as `{"key": …, "value": …}`; a
  /// YAML run's lines as strings.
  fileprivate static func write<Target: ByteOutputStream>(
    _ content: [Content], to text: inout Target
  ) {
    text.write("[")
    var first = true
    for run in content {
      switch run.body {
      case .markdown(let blocks):
        let source = blocks.document.source
        for line in source.trimmingBlankLines(blocks.lines) {
          if !first { text.write(", ") }
          first = false
          JSONString.write(source.line(line), to: &text)
        }
      case .members(let members):
        write(members, first: &first, to: &text)
      case .totals(let totals):
        // A report's totals are their members: the header says nothing they do not.
        write(totals.members, first: &first, to: &text)
      case .source(let source):
        for line in source.lines {
          if !first { text.write(", ") }
          first = false
          JSONString.write(source.text.line(line), to: &text)
        }
      case .preformatted(let block):
        // One string, its line ends kept.
        if !first { text.write(", ") }
        first = false
        JSONString.write(block.text, to: &text)
      }
    }
    text.write("]")
  }

  /// Writes `members` as `{"key": …, "value": …}` objects, a comma before each unless it
  /// is the `first` item of its array.
  private static func write<Target: ByteOutputStream>(
    _ members: Members, first: inout Bool, to text: inout Target
  ) {
    for member in members {
      text.write(first ? "{" : ", {")
      first = false
      if let key = member.key {
        text.write("\"key\": ")
        JSONString.write(key, to: &text)
        text.write(", ")
      } else if let index = member.index {
        text.write("\"key\": \(index), ")
      }
      text.write("\"value\": ")
      if member.type == .string {
        JSONString.write(member.value, to: &text)
      } else {
        // Numbers as written, `true`, `false`, `null`, `{}` and `[]`: JSON already.
        text.write(member.value)
      }
      text.write("}")
    }
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
  let names: [String]
  /// Whether each open level has written a child yet, for the commas between them.
  var wroteChild = [false]

  init(outline: Outline, selection: Selection, target: Target) {
    self.outline = outline
    self.selection = selection
    self.target = target
    ids = outline.ids
    names = outline.sectionNames()
  }

  func descends(into index: Int) -> Bool { true }

  mutating func enter(_ index: Int) throws(Target.Failure) {
    try target.checkFailure()
    let section = outline.sections[index]
    target.write(wroteChild[wroteChild.count - 1] ? ",\n" : "\n")
    wroteChild[wroteChild.count - 1] = true
    target.write(JSONWriter.indent(depth: section.depth + 1) + "{\"title\": ")
    JSONString.write(section.title, to: &target)
    target.write(", \"id\": ")
    JSONString.write(ids[index], to: &target)
    if let key = section.key {
      target.write(", \"key\": ")
      if outline.isElement(index), let number = Int(key) {
        target.write("\(number)")
      } else {
        JSONString.write(key, to: &target)
      }
    }
    target.write(", \"path\": ")
    JSONString.write(names[index], to: &target)
    let span = section.span
    // A file is level 0, whatever its document holds.
    let kind = section.level == 0 ? "file" : JSONWalk.kind(section.kind)
    target.write(
      ", \"kind\": \"\(kind)\", \"level\": \(section.level), \"lines\": [\(span.lines.lowerBound + 1), "
        + "\(max(span.lines.upperBound, 1))], \"bytes\": [\(span.bytes.lowerBound), "
        + "\(span.bytes.upperBound)], \"expanded\": \(selection.isExpanded(index)), ")
    // How many sections under it content matching chose, when it was asked for.
    if let matches = selection.matches(in: index) { target.write("\"matches\": \(matches), ") }
    target.write("\"content\": ")
    JSONWriter.write(section.content, to: &target)
    target.write(", \"children\": [")
    wroteChild.append(false)
  }

  private static func kind(_ kind: Section.Kind) -> String {
    switch kind {
    case .heading: "heading"
    case .object: "object"
    case .array: "array"
    case .file: "file"
    case .element: "element"
    case .suite: "suite"
    case .test: "test"
    case .output: "output"
    }
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
