import CYaml

/// Whether text that is not JSON reads as YAML rather than Markdown, by what libyaml makes
/// of its start: YAML when it parses, and its first document is a block mapping or a
/// list of mappings (a config, a manifest, a workflow), unless that document is a
/// Markdown file's front matter: `---` first, and after the `---` that ends it, a second
/// document that is not one of those.
///
/// A README, a changelog or notes parse as YAML only by chance, and then as text or a
/// list of lines, not as a mapping; `# Title` is a comment to YAML.
enum YAMLSniff {
  /// The root of a document, as far as the sniff cares.
  private enum Root {
    case collection, other
  }

  /// Whether `text`, the start of a document, reads as YAML; `final` says it is the whole
  /// document, else only complete lines are judged and an end cut short is no error.
  static func isYAML(_ text: some Collection<UInt8>, final: Bool) -> Bool {
    var bytes = Array(text)
    if !final {
      guard let lastLineEnd = bytes.lastIndex(of: 0x0A) else { return false }
      bytes.removeSubrange((lastLineEnd + 1)...)
    }
    guard let first = bytes.first(where: { !JSONReader.isWhiteSpace($0) }),
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
      var depth = 0
      // Set once a document's root is a block sequence, until its first element shows.
      var sequenceRoot = false
      var event = yaml_event_t()
      while true {
        guard yaml_parser_parse(&parser, &event) != 0 else {
          let cutShort =
            !final
            && parser.problem.map { String(cString: $0) }
              == "found unexpected end of stream"
          return cutShort && decide(roots, firstIsExplicit: firstIsExplicit)
        }
        defer { yaml_event_delete(&event) }
        let type = event.type
        if sequenceRoot {
          sequenceRoot = false
          let isMapping =
            type == YAML_MAPPING_START_EVENT
            && event.data.mapping_start.style != YAML_FLOW_MAPPING_STYLE
          roots.append(isMapping ? .collection : .other)
        }
        switch type {
        case YAML_DOCUMENT_START_EVENT:
          if roots.isEmpty { firstIsExplicit = event.data.document_start.implicit == 0 }
        case YAML_MAPPING_START_EVENT:
          if depth == 0 {
            let block = event.data.mapping_start.style != YAML_FLOW_MAPPING_STYLE
            roots.append(block ? .collection : .other)
          }
          depth += 1
        case YAML_SEQUENCE_START_EVENT:
          if depth == 0 {
            if event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE {
              roots.append(.other)
            } else {
              sequenceRoot = true
            }
          }
          depth += 1
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
          depth -= 1
        case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT:
          if depth == 0 { roots.append(.other) }
        case YAML_STREAM_END_EVENT:
          return decide(roots, firstIsExplicit: firstIsExplicit)
        default:
          break
        }
        // Two documents are all it takes to tell.
        if roots.count >= 2 { return decide(roots, firstIsExplicit: firstIsExplicit) }
      }
    }
  }

  /// The verdict on the documents' roots seen so far.
  private static func decide(_ roots: [Root], firstIsExplicit: Bool) -> Bool {
    guard roots.first == .collection else { return false }
    // Front matter is followed by Markdown, which is no mapping.
    if firstIsExplicit && roots.count >= 2 { return roots[1] == .collection }
    return true
  }
}
