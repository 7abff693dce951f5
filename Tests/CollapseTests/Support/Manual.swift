import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What docs/collapse.1.md, the manual's source, says: read with cmark-gfm, which the
/// Makefile renders it with, as the tree its XML output gives.
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
    let xml = try CmarkCommand.run(
      try Data(contentsOf: Manual.source), ["--to", "xml"], unsafe: false, commonmark: true)
    let root = try XMLTree(Data(xml.utf8))
    var section = ""
    var group = ""
    let blocks = root.children
    for (index, block) in blocks.enumerated() {
      switch block.name {
      case "heading" where block.attributes["level"] == "1":
        section = block.text
        sections.append(section)
        group = ""
      case "heading" where section == "OPTIONS":
        group = block.text
      case "paragraph" where section == "OPTIONS" && !group.isEmpty:
        let synopsis = block.text
        guard synopsis.hasPrefix("-"), index + 1 < blocks.count,
          blocks[index + 1].name == "block_quote", let first = blocks[index + 1].children.first
        else { continue }
        options.append(Option(group: group, synopsis: synopsis, sentence: first.text))
      case "code_block" where section == "EXAMPLES":
        examples.append(block.literal.trimmingCharacters(in: .whitespacesAndNewlines))
      default:
        break
      }
    }
  }
}

/// An element of cmark-gfm's XML, with its children.
final class XMLTree {
  let name: String
  let attributes: [String: String]
  fileprivate(set) var children: [XMLTree] = []
  /// The character data directly inside the element.
  fileprivate(set) var literal = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// The document element of `data`.
  convenience init(_ data: Data) throws {
    let builder = XMLTreeBuilder()
    let parser = XMLParser(data: data)
    parser.delegate = builder
    guard parser.parse(), let root = builder.root else {
      throw Mismatch(
        description: "cmark-gfm's XML does not parse: \(String(describing: parser.parserError))")
    }
    self.init(name: root.name, attributes: root.attributes)
    children = root.children
  }

  /// The text of the element's inlines as a reader sees it: markup gone, line breaks spaces.
  var text: String {
    switch name {
    case "text", "code", "html_inline": return literal
    case "softbreak", "linebreak": return " "
    default: return children.map(\.text).joined()
    }
  }
}

private final class XMLTreeBuilder: NSObject, XMLParserDelegate {
  var root: XMLTree?
  private var open: [XMLTree] = []

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    let element = XMLTree(name: name, attributes: attributes)
    open.last?.children.append(element)
    if root == nil { root = element }
    open.append(element)
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    open.last?.literal += string
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
      !line.contains(" ") || line.first?.isUppercase == true,
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
