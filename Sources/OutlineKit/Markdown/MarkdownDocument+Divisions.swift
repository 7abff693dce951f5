import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownDocument {
  /// The aligned divisions that hold parts of the document across its headings: a
  /// README's `<div align="center">` around its top heading, logo and badges.
  struct Divisions {
    /// The divisions open where a content run starts, for the runs that have any.
    var blocks: [Container: OpenDivisions] = [:]
    /// The alignment of each heading that stands in an aligned division.
    var headings: [Heading: String] = [:]
  }

  /// The divisions left open by the parts before `container`, which hold its blocks.
  func openDivisions(before container: Container) -> OpenDivisions {
    divisions.blocks[container] ?? .none
  }

  /// The alignment of the division `heading` stands in, if it stands in an aligned one.
  func alignment(of heading: Heading) -> String? {
    divisions.headings[heading]
  }

  /// Follows the parts in document order, parsing those that may open or close an aligned
  /// division: a run that mentions `align` in its top-level HTML, and while one is open,
  /// every run with raw HTML. A document that mentions it nowhere is not read at all.
  func findDivisions() -> Divisions {
    var found = Divisions()
    guard mentionsAlignment else { return found }
    var carried = OpenDivisions.none
    for part in order {
      guard let root = root(of: part) else { continue }
      let mayChange: Bool
      switch part {
      case .title(let heading):
        guard let alignment = carried.alignment else { continue }
        found.headings[heading] = alignment
        // A heading's own end tag may close them: `# Title</div>`.
        mayChange = MarkdownDocument.firstRawHTMLNode(under: root) != nil
      case .blocks(let container):
        if !carried.isEmpty { found.blocks[container] = carried }
        mayChange =
          carried.isEmpty
          ? CmarkWalk.children(of: root).contains { MarkdownDocument.mentionsAlign($0) }
          : MarkdownDocument.firstRawHTMLNode(under: root) != nil
      case .notes:
        continue
      }
      guard mayChange else { continue }
      render(part, unsafe: true, filtersTags: true) { html in
        carried = OpenDivisions.leftOpen(by: html, after: carried)
      }
    }
    return found
  }

  /// Whether `block` is an HTML block whose text holds `align`, in any case.
  static func mentionsAlign(_ block: OpaquePointer) -> Bool {
    guard cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK,
      let literal = cmark_node_get_literal(block)
    else { return false }
    let word = Array("align".utf8)
    let text = UnsafeRawBufferPointer(start: literal, count: strlen(literal))
    guard text.count >= word.count else { return false }
    for start in 0...(text.count - word.count)
    where word.indices.allSatisfy({ text[start + $0] | 0x20 == word[$0] }) {
      return true
    }
    return false
  }
}
