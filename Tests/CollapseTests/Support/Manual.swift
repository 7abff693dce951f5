import CCmark
import Foundation

/// What docs/collapse.1.md, the manual's source, says: read with cmark, as the Makefile
/// renders it.
struct Manual {
  /// An option as the manual's OPTIONS section describes it.
  struct Option: Equatable, CustomStringConvertible {
    var group: String
    /// `-f, --from FORMAT`.
    var synopsis: String
    /// The first paragraph of the description: the sentence `--help` shows.
    var sentence: String

    var description: String { "\(group): \(synopsis): \(sentence)" }
  }

  /// The level-1 headings, in order.
  var sections: [String] = []
  var options: [Option] = []
  /// The code blocks of the EXAMPLES section.
  var examples: [String] = []

  static let source = packageRoot.appendingPathComponent("docs/collapse.1.md")

  init() throws {
    let text = try String(contentsOf: Manual.source, encoding: .utf8)
    let root = cmark_parse_document(text, text.utf8.count, CMARK_OPT_DEFAULT)!
    defer { cmark_node_free(root) }
    var section = ""
    var group = ""
    var node = cmark_node_first_child(root)
    while let block = node {
      defer { node = cmark_node_next(block) }
      switch cmark_node_get_type(block) {
      case CMARK_NODE_HEADING where cmark_node_get_heading_level(block) == 1:
        section = Manual.text(of: block)
        sections.append(section)
        group = ""
      case CMARK_NODE_HEADING where section == "OPTIONS":
        group = Manual.text(of: block)
      case CMARK_NODE_PARAGRAPH where section == "OPTIONS" && !group.isEmpty:
        let synopsis = Manual.text(of: block)
        guard synopsis.hasPrefix("-"), let quote = cmark_node_next(block),
          cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE,
          let first = cmark_node_first_child(quote)
        else { continue }
        options.append(Option(group: group, synopsis: synopsis, sentence: Manual.text(of: first)))
      case CMARK_NODE_CODE_BLOCK where section == "EXAMPLES":
        let code = String(cString: cmark_node_get_literal(block))
        examples.append(code.trimmingCharacters(in: .whitespacesAndNewlines))
      default:
        break
      }
    }
  }

  /// The text of a block's inlines as a reader sees it: markup gone, line breaks spaces.
  static func text(of block: OpaquePointer) -> String {
    var text = ""
    let iterator = cmark_iter_new(block)
    defer { cmark_iter_free(iterator) }
    while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
      let node = cmark_iter_get_node(iterator)
      guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER else { continue }
      switch cmark_node_get_type(node) {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
        text += String(cString: cmark_node_get_literal(node))
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        text += " "
      default:
        break
      }
    }
    return text
  }
}

/// The options `--help` lists, read back from its text: `Group:` lines, then each option's
/// synopsis and its sentence, which may wrap onto lines of its own.
func helpOptions(_ help: String) -> [Manual.Option] {
  var options: [Manual.Option] = []
  var group: String? = nil
  for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.isEmpty {
      group = nil
    } else if !line.hasPrefix(" "), line.hasSuffix(":"),
      !line.contains(" ") || line.first!.isUppercase,
      line.split(separator: " ").count <= 5
    {
      group = String(line.dropLast())
    } else if let group, line.hasPrefix("  -") || line.hasPrefix("      --") {
      let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")
      let sentence = parts.dropFirst().joined(separator: "  ").trimmingCharacters(in: .whitespaces)
      options.append(Manual.Option(group: group, synopsis: parts[0], sentence: sentence))
    } else if group != nil, line.hasPrefix("       "), !options.isEmpty {
      let more = line.trimmingCharacters(in: .whitespaces)
      options[options.count - 1].sentence +=
        (options[options.count - 1].sentence.isEmpty ? "" : " ") + more
    }
  }
  return options
}
