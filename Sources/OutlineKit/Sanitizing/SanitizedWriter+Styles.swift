// The styles that stand for cmark-gfm's alignment and for obsolete presentational
// attributes, and lengths as those attributes give them.

extension SanitizedWriter {
  /// The alignment in a style of cmark-gfm's, `text-align: center`.
  static func textAlignment(ofStyle style: String) -> String? {
    let parts = style.split(separator: ":", maxSplits: 1).map {
      $0.trimmingCharacters(in: " ;").lowercased()
    }
    guard parts.count == 2, parts[0] == "text-align",
      ["left", "right", "center", "justify"].contains(parts[1])
    else { return nil }
    return parts[1]
  }

  /// A length as an attribute gives it, `120`, `120px;`, ` 80 `, `14.28%` or `12.5`: whole
  /// pixels, which an image may keep as its attribute, or a length only a style can hold.
  enum Length: Equatable {
    case pixels(String)
    case other(String)
  }

  static func length(_ value: String) -> Length? {
    var text = Substring(value.trimmingCharacters(in: " \t\n;"))
    let percent = text.hasSuffix("%")
    if percent {
      text = text.dropLast()
    } else if text.lowercased().hasSuffix("px") {
      text = text.dropLast(2)
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 }),
      parts.joined().allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    if percent { return .other("\(text)%") }
    return parts.count == 1 ? .pixels(String(text)) : .other("\(text)px")
  }

  /// The style for an obsolete presentational attribute: `valign`, `clear` on a line
  /// break, `hspace` and `vspace` around an image.
  static func presentationStyle(_ attribute: String, _ value: String) -> String? {
    let value = value.lowercased().trimmingCharacters(in: " ")
    switch attribute {
    case "valign":
      return ["top", "middle", "bottom", "baseline"].contains(value)
        ? "vertical-align: \(value)" : nil
    case "clear":
      let side = value == "all" ? "both" : value
      return ["left", "right", "both"].contains(side) ? "clear: \(side)" : nil
    case "hspace", "vspace":
      guard case .pixels(let pixels) = length(value) else { return nil }
      return attribute == "hspace"
        ? "margin-left: \(pixels)px; margin-right: \(pixels)px"
        : "margin-top: \(pixels)px; margin-bottom: \(pixels)px"
    default:
      return nil
    }
  }

  /// The style for an obsolete `align`: text alignment for a block or cell, floating or
  /// vertical alignment for an image, centring or floating for a table.
  static func alignmentStyle(_ element: String, _ value: String) -> String? {
    let value = value.lowercased().trimmingCharacters(in: " ")
    if element == "table" {
      switch value {
      case "center": return "margin-left: auto; margin-right: auto"
      case "left", "right": return "float: \(value)"
      default: return nil
      }
    }
    if element == "img" {
      switch value {
      case "left", "right": return "float: \(value)"
      case "top", "middle", "bottom": return "vertical-align: \(value)"
      default: return nil
      }
    }
    return ["left", "right", "center", "justify"].contains(value) ? "text-align: \(value)" : nil
  }
}
