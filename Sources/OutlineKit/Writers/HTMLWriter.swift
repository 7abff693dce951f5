/// Writes an outline as nested `<details>` elements: `open` on expanded sections, the
/// title in `<summary>`, Markdown content rendered by cmark.
public struct HTMLWriter {
  public struct Options: Equatable {
    /// Keeps raw HTML and unsafe links from the document instead of dropping them.
    public var unsafe = false

    public init(unsafe: Bool = false) {
      self.unsafe = unsafe
    }
  }

  public var options: Options

  public init(options: Options = Options()) {
    self.options = options
  }

  /// Writes `outline` as an HTML fragment with the sections `selection` expanded.
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, to target: inout Target
  ) {
    outline.walk(descend: { _ in true }) { step in
      switch step {
      case .content(let content, _):
        writeContent(content, to: &target)
      case .enter(let index):
        let section = outline.sections[index]
        var html = "<details id=\"\(HTML.escaped(section.id))\""
        if selection.isExpanded(index) { html += " open" }
        html += "><summary>"
        html += section.heading?.html(unsafe: options.unsafe) ?? HTML.escaped(section.title)
        if let summary = outline.hiddenSummary(of: index) {
          html += " <span class=\"hidden\">\(HTML.escaped(summary))</span>"
        }
        html += "</summary>\n"
        target.write(html)
      case .exit:
        target.write("</details>\n")
      }
    }
  }

  private func writeContent<Target: ByteOutputStream>(_ content: Content, to target: inout Target) {
    switch content.body {
    case .markdown(let blocks):
      target.write(blocks.html(unsafe: options.unsafe))
    case .members(let members):
      target.write("<ul class=\"members\">\n")
      for member in members {
        var item = "<li>"
        if let label = member.displayLabel {
          item += "<span class=\"key\">\(HTML.escaped(label))</span>: "
        }
        item +=
          "<code class=\"\(member.type.htmlClass)\">\(HTML.escaped(member.displayValue))</code></li>\n"
        target.write(item)
      }
      target.write("</ul>\n")
    }
  }
}

extension Member.ValueType {
  /// The class that marks a value of this type, for style sheets.
  var htmlClass: String {
    switch self {
    case .string: return "string"
    case .number: return "number"
    case .boolean: return "boolean"
    case .null: return "null"
    case .emptyObject, .emptyArray: return "empty"
    }
  }
}

/// HTML escaping for text and attribute values.
enum HTML {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
  static func escaped(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27
      })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
