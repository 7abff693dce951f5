import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownDocument {
  /// Writes the text a reader sees in a container's blocks, for a page's search: the
  /// literal text and code of its inlines, a space for each line break, each block (a
  /// paragraph, an item, a table cell) on a line of its own. Raw HTML is left out, tags
  /// and text alike.
  func writePlainText<Target: ByteOutputStream>(_ container: Container, to target: inout Target) {
    guard let root = root(of: .blocks(container)) else { return }
    var lineStarted = false
    var walk = CmarkWalk(root)
    while let step = walk.next() {
      guard step.isEntering else { continue }
      let current = step.node
      let type = cmark_node_get_type(current)
      // cmark's node types say their class in their top bits (cmark-gfm.h).
      if type.rawValue & 0xC000 == 0x8000, lineStarted {
        target.write("\n")
        lineStarted = false
      }
      switch type {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
        if let literal = cmark_node_get_literal(current) {
          target.write(bytes: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
          lineStarted = true
        }
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        target.write(" ")
      default:
        break
      }
      // Raw HTML gives no text.
      if type == CMARK_NODE_HTML_INLINE { walk.skipChildren() }
    }
  }

  /// A heading's title as runs of text and code, for an entry of a table of contents:
  /// links, emphasis and raw HTML give their text, an image its description, and line
  /// breaks a space.
  func titleRuns(_ heading: Heading) -> [(text: String, isCode: Bool)] {
    guard let root = root(of: .title(heading)) else { return [] }
    var runs: [(text: String, isCode: Bool)] = []
    for step in CmarkWalk(root) where step.isEntering {
      let current = step.node
      let type = cmark_node_get_type(current)
      switch type {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE:
        let text = cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
        let isCode = type == CMARK_NODE_CODE
        if let last = runs.last, last.isCode == isCode, !isCode {
          runs[runs.count - 1].text += text
        } else {
          runs.append((text, isCode))
        }
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        runs.append((" ", false))
      default:
        break
      }
    }
    return runs
  }
}

extension MarkdownDocument {
  /// A heading's title as HTML with its links left out and their text kept: code,
  /// emphasis, strong emphasis and strikethrough as cmark-gfm writes them, an image as its
  /// description, a line break as a space, raw HTML left out. What a `<summary>` shows so
  /// that a click anywhere on it opens and closes its section; `titleLinks` gives the links.
  func titleHTMLWithoutLinks(_ heading: Heading) -> String {
    guard let root = root(of: .title(heading)) else { return "" }
    showEmoji()
    var html = ""
    for step in CmarkWalk(root) {
      let node = step.node
      let type = cmark_node_get_type(node)
      switch type {
      case CMARK_NODE_TEXT:
        if let literal = cmark_node_get_literal(node) {
          html += HTML.escaped(String(cString: literal))
        }
      case CMARK_NODE_CODE:
        let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        html += "<code>\(HTML.escaped(literal))</code>"
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        html += " "
      case CMARK_NODE_EMPH:
        html += step.isEntering ? "<em>" : "</em>"
      case CMARK_NODE_STRONG:
        html += step.isEntering ? "<strong>" : "</strong>"
      case collapse_node_type_strikethrough():
        html += step.isEntering ? "<del>" : "</del>"
      default:
        break
      }
    }
    return html
  }

  /// The links of a heading's title, in order, each as cmark-gfm writes a link that
  /// shows `↗` and is titled by the link's text (its URL escaped as cmark-gfm escapes it),
  /// for a summary that shows them beside the title, where a click on the title does not
  /// follow them. A link to anything but `http`, `https`, `mailto` or a relative address
  /// (`javascript:`) is left out.
  func titleLinksHTML(_ heading: Heading) -> [String] {
    guard let root = root(of: .title(heading)) else { return [] }
    var links: [(url: String, text: String)] = []
    // Links do not nest in Markdown: text is the open link's.
    var inLink = false
    for step in CmarkWalk(root) {
      let type = cmark_node_get_type(step.node)
      switch type {
      case CMARK_NODE_LINK:
        inLink = step.isEntering
        if step.isEntering {
          links.append((cmark_node_get_url(step.node).map { String(cString: $0) } ?? "", ""))
        }
      case CMARK_NODE_TEXT, CMARK_NODE_CODE:
        if inLink, let literal = cmark_node_get_literal(step.node) {
          links[links.count - 1].text += String(cString: literal)
        }
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        if inLink { links[links.count - 1].text += " " }
      default:
        break
      }
    }
    return links.compactMap { url, text in
      guard HTMLAllowlist.urlSchemes["href"]?.contains(URLCheck(url).scheme) == true else {
        return nil
      }
      // A link of its own, freed with what it holds once rendered.
      guard let link = cmark_node_new(CMARK_NODE_LINK) else { return nil }
      defer { cmark_node_free(link) }
      let arrow = cmark_node_new(CMARK_NODE_TEXT)
      cmark_node_set_literal(arrow, "↗")
      cmark_node_append_child(link, arrow)
      cmark_node_set_url(link, url)
      let name = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      if !name.isEmpty { cmark_node_set_title(link, name) }
      guard let html = cmark_render_html(link, CMARK_OPT_DEFAULT, nil) else { return nil }
      defer { free(html) }
      return String(cString: html)
    }
  }
}
