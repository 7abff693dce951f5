/// Whether the first bytes of a document are XML's alone: an XML declaration (`<?xml `), or
/// a start tag whose name no HTML element has (`<testsuites>`, `<project>`), when libxml2
/// reads them without an error before their end. What opens with an HTML element (`<div
/// align="center">`, `<p>`, `<img>`), a comment or anything else is declined: READMEs
/// open so, and they are Markdown's; so is a README that opens with a component of its own
/// (`<Callout>`) and goes on in Markdown, which libxml2 stops on.
enum XMLSniff {
  static func answer(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    let text = content.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard text.first == UInt8(ascii: "<") else {
      return text.isEmpty && !final ? .undecided : .declined
    }
    let rest = text.dropFirst()
    let declaration = Array("?xml".utf8)
    if rest.starts(with: declaration) {
      guard let after = rest.dropFirst(declaration.count).first else {
        return final ? .declined : .undecided
      }
      return after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D ? .claimed : .declined
    }
    if declaration.starts(with: rest) && !final { return .undecided }
    // A name: letters, digits and `-`, `_`, `.`, `:`, and anything beyond ASCII.
    let name = rest.prefix { byte in
      byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: ":")
    }
    guard let first = name.first, !(first >= 0x30 && first <= 0x39), first != UInt8(ascii: "-"),
      first != UInt8(ascii: ".")
    else { return .declined }
    guard let after = rest.dropFirst(name.count).first else {
      return final ? .declined : .undecided
    }
    // What ends a start tag's name.
    guard [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(after) else {
      return .declined
    }
    let lowered = String(decoding: name, as: UTF8.self).lowercased()
    if htmlElements.contains(lowered) { return .declined }
    return readsAsXML(Array(text)) ? .claimed : .declined
  }

  /// Whether libxml2 reads `bytes` without an error before their last line, where an
  /// input cut short (a window of a longer document, a report whose writer was stopped)
  /// ends inside its root element; text after the root element's end is an error too.
  /// Where libxml2 cannot be loaded, the document is claimed, so that reading it says why
  /// it cannot be read rather than reading it as Markdown.
  static func readsAsXML(_ bytes: [UInt8]) -> Bool {
    do throws(LoadError) {
      try XMLLibrary.load()
    } catch {
      return true
    }
    return bytes.withUnsafeBytes { buffer in
      guard let reader = XMLTextReader(buffer) else { return false }
      var rootEnded = false
      do throws(XMLProblem) {
        while try reader.next() {
          if reader.depth == 0, reader.kind == .elementEnd || reader.isEmptyElement {
            rootEnded = true
          }
        }
        return true
      } catch {
        guard !rootEnded else { return false }
        var lines = 1
        for byte in bytes.dropLast() where byte == 0x0A { lines += 1 }
        return error.line >= lines
      }
    }
  }

  /// The elements of HTML, those that are obsolete included, which a README may open with.
  static let htmlElements: Set<String> = [
    "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "base",
    "basefont", "bdi", "bdo", "big", "blink", "blockquote", "body", "br", "button", "canvas",
    "caption", "center", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del",
    "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "embed", "fieldset",
    "figcaption", "figure", "font", "footer", "form", "frame", "frameset", "h1", "h2", "h3",
    "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input",
    "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark", "marquee", "menu",
    "meta", "meter", "nav", "nobr", "noscript", "object", "ol", "optgroup", "option", "output",
    "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script",
    "search", "section", "select", "slot", "small", "source", "span", "strike", "strong",
    "style", "sub", "summary", "sup", "table", "tbody", "td", "template", "textarea", "tfoot",
    "th", "thead", "time", "title", "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
  ]
}
