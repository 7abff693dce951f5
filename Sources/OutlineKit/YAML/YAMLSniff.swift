import CYaml

/// Whether text that is not JSON reads as YAML rather than Markdown, by what libyaml makes
/// of its start: YAML when its first document is a block mapping or a list of mappings with
/// structure a config has, a key whose value is a nested block or a list item of two keys
/// or more, and all of it parses, or that structure and three keys or items of the root
/// came before an error in that document (which the YAML reader then reports); an error in
/// a later document counts so when that document is structured as a config too, or two
/// such documents came before it. Front matter, a `---` document followed by another, is
/// YAML only when that second document is structured so too. A `%YAML` or `%TAG`
/// directive says YAML, whatever follows.
///
/// A README, a changelog or notes parse as YAML only by chance, and then as text, a list
/// of lines or flat `Note: …` pairs, not as nested blocks; `# Title` is a comment to YAML,
/// so a Markdown body after front matter rarely parses at all.
enum YAMLSniff {
  /// A document's root, as far as the sniff cares.
  private struct Root {
    var isCollection: Bool
    /// Whether it nests a block under a key, or lists items of two keys or more.
    var isStructured = false
    /// A collection that is structured: what a config is and front matter rarely.
    var isConfig: Bool { isCollection && isStructured }
  }

  /// An open collection.
  private struct Open {
    let isMapping: Bool
    let isBlock: Bool
    /// Its keys and values so far, or its items.
    var children = 0
  }

  /// Whether `text`, the start of a document, reads as YAML; `final` says it is the whole
  /// document, else only complete lines are judged and an end cut short is no error.
  static func isYAML(_ text: some Collection<UInt8>, final: Bool) -> Bool {
    var bytes = Array(text)
    if !final {
      guard let lastLineEnd = bytes.lastIndex(of: 0x0A) else { return false }
      bytes.removeSubrange((lastLineEnd + 1)...)
    }
    guard let first = bytes.first(where: { !isSpaceOrLineEnd($0) }),
      first != UInt8(ascii: "<"), first != UInt8(ascii: ">"), first != UInt8(ascii: "|")
    else { return false }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else { return false }
    defer { yaml_parser_delete(&parser) }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      yaml_parser_set_input_string(&parser, base, buffer.count)
      var roots: [Root] = []
      var firstIsExplicit = false
      var documentsEnded = 0
      // A `%YAML` or `%TAG` directive, which only YAML has.
      var hasDirective = false
      var open: [Open] = []
      var event = yaml_event_t()
      var lastEvent: (line: Int, column: Int)? = nil
      while true {
        guard yaml_parser_parse(&parser, &event) != 0 else {
          // A string left open by where the start was cut.
          let cutShort =
            !final
            && YAMLProblem(
              YAMLProblem.Facts(parser, lastEvent: lastEvent),
              in: SourceText(bytes: bytes, map: SourceMap(yaml: bytes, leftOutAtStart: 0)))
              == .unclosedQuote
          if hasDirective { return true }
          // Front matter ends its document before the Markdown that fails to parse, so a
          // later document counts only when it is structured as a config is, or when
          // two documents ended before it, which front matter never does.
          let entries = open.first.map { $0.isMapping ? ($0.children + 1) / 2 : $0.children } ?? 0
          let current = open.isEmpty ? nil : roots.last
          let currentIsConfig = current?.isConfig ?? false
          let clearlyYAML =
            entries >= 3 && (documentsEnded == 0 || currentIsConfig)
            || documentsEnded >= 2 && roots[1].isConfig
          return (cutShort || clearlyYAML) && decide(roots, firstIsExplicit: firstIsExplicit)
        }
        defer { yaml_event_delete(&event) }
        let type = event.type
        lastEvent = (Int(event.start_mark.line), Int(event.start_mark.column))
        let isStart = type == YAML_MAPPING_START_EVENT || type == YAML_SEQUENCE_START_EVENT
        let isNode = isStart || type == YAML_SCALAR_EVENT || type == YAML_ALIAS_EVENT
        if isNode, let parent = open.indices.last {
          open[parent].children += 1
          // A list item of two keys: its second key has come.
          if open[parent].isMapping, open[parent].isBlock, open[parent].children == 3,
            open.count == 2, !open[0].isMapping
          {
            roots[roots.count - 1].isStructured = true
          }
        }
        switch type {
        case YAML_DOCUMENT_START_EVENT:
          if roots.isEmpty { firstIsExplicit = event.data.document_start.implicit == 0 }
          let start = event.data.document_start
          if start.version_directive != nil
            || start.tag_directives.start != start.tag_directives.end
          {
            hasDirective = true
          }
        case YAML_DOCUMENT_END_EVENT:
          documentsEnded += 1
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
          let isMapping = type == YAML_MAPPING_START_EVENT
          let isBlock =
            isMapping
            ? event.data.mapping_start.style != YAML_FLOW_MAPPING_STYLE
            : event.data.sequence_start.style != YAML_FLOW_SEQUENCE_STYLE
          if open.isEmpty {
            roots.append(Root(isCollection: isBlock))
          } else if isBlock, let parent = open.last, parent.isMapping, parent.isBlock {
            roots[roots.count - 1].isStructured = true
          } else if open.count == 1, !open[0].isMapping, open[0].children == 1,
            !isMapping || !isBlock
          {
            // A list whose first item is a list, or a flow mapping, is no list of mappings.
            roots[roots.count - 1].isCollection = false
          }
          open.append(Open(isMapping: isMapping, isBlock: isBlock))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
          open.removeLast()
        case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT:
          if open.isEmpty {
            roots.append(Root(isCollection: false))
          } else if open.count == 1, !open[0].isMapping, open[0].children == 1 {
            // A list whose first item is a scalar is a list of lines.
            roots[roots.count - 1].isCollection = false
          }
        case YAML_STREAM_END_EVENT:
          return hasDirective || decide(roots, firstIsExplicit: firstIsExplicit)
        default:
          break
        }
      }
    }
  }

  /// The verdict on the documents' roots, once all of the start has parsed.
  private static func decide(_ roots: [Root], firstIsExplicit: Bool) -> Bool {
    guard let first = roots.first, first.isConfig else { return false }
    // Front matter is followed by Markdown, which is no structured mapping.
    if firstIsExplicit && roots.count >= 2 {
      return roots[1].isConfig
    }
    return true
  }
}
