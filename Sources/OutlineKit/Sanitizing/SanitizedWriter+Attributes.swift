import CGumbo

// The attributes an element keeps, and the values each may have.

extension SanitizedWriter {
  /// Writes an element's start tag with the attributes it may keep, after a note of those
  /// it may not.
  mutating func openTag(
    _ name: String, written: String, node: UnsafeMutablePointer<GumboNode>,
    rule: HTMLAllowlist.Element
  ) {
    let attributes = node.attributes
    var kept: [(String, String?)] = []
    var styles: [String] = []
    var removed: [String] = []
    let hasID = attributes.contains { $0.name == "id" }
    for (attribute, value) in attributes {
      if let own = HTMLAllowlist.ownDataAttributes[name], own.contains(attribute) {
        kept.append((attribute, nil))
        continue
      }
      switch attribute {
      case "id", "name":
        // An anchor's name is its id, unless it has one; no other element keeps a name,
        // which could stand for one of the page's objects.
        if attribute == "id" || (name == "a" && !hasID),
          let id = contentID(value, element: name, attributes: attributes)
        {
          kept.append(("id", id))
        } else {
          removed.append(attribute)
        }
      case "class":
        let classes = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        if let allowed = HTMLAllowlist.ownClasses[name], !classes.isEmpty,
          classes.allSatisfy({ allowed(String($0)) })
        {
          kept.append(("class", classes.joined(separator: " ")))
        } else {
          removed.append("class")
        }
      case "style":
        // cmark-gfm's own alignment of a table cell; any other style is removed.
        if let alignment = SanitizedWriter.textAlignment(ofStyle: value),
          rule.attributes.contains("align")
        {
          styles.append("text-align: \(alignment)")
        } else {
          removed.append("style")
        }
      case "align" where rule.attributes.contains("align"):
        if let style = SanitizedWriter.alignmentStyle(name, value) {
          styles.append(style)
        } else {
          removed.append("align")
        }
      case "valign", "clear", "hspace", "vspace":
        if rule.attributes.contains(attribute),
          let style = SanitizedWriter.presentationStyle(attribute, value)
        {
          styles.append(style)
        } else {
          removed.append(attribute)
        }
      case "width",
        "height" where rule.attributes.contains(attribute):
        switch SanitizedWriter.length(value) {
        case .pixels(let pixels) where name == "img" || name == "source":
          kept.append((attribute, pixels))
        case .pixels(let pixels):
          // A cell's or a table's width: a style in HTML5.
          styles.append("\(attribute): \(pixels)px")
        case .other(let css):
          styles.append("\(attribute): \(css)")
        case nil:
          removed.append(attribute)
        }
      case _
      where HTMLAllowlist.globalAttributes.contains(attribute)
        || rule.attributes.contains(attribute):
        if let checked = checkedValue(attribute, value, element: name) {
          kept.append((attribute, checked.written))
        } else {
          // A URL's scheme says why it went; in a `srcset`, the first that did not pass.
          let refused =
            attribute == "srcset"
            ? SanitizedWriter.sourceSet(value).first {
              url($0.url, attribute: attribute, element: name) == nil
            }?.url : value
          let check = HTMLAllowlist.urlSchemes[attribute] != nil ? refused.map(URLCheck.init) : nil
          removed.append(
            check.map { "\(attribute) (\($0.scheme.isEmpty ? "URL" : $0.scheme + ":"))" }
              ?? attribute
          )
          if name == "img" && attribute == "src" { kept.append(("src", "data:,")) }
        }
      default:
        removed.append(attribute)
      }
    }
    if kept.contains(where: { $0.0 == "target" }) {
      // What a new tab opens cannot reach back to the page, nor learn where it was.
      kept.removeAll { $0.0 == "rel" }
      kept.append(("rel", "noopener noreferrer"))
    }
    if let task = SanitizedWriter.taskListClass(name, node) {
      // GitHub's classes of a task list, which its style sheets and a host page's know.
      kept.removeAll { $0.0 == "class" }
      kept.insert(("class", task), at: 0)
    }
    if name == "details" {
      // Told apart from collapse's own sections, which it is styled unlike.
      kept.removeAll { $0.0 == "class" }
      kept.insert(("class", "content"), at: 0)
    }
    if name == "img" {
      // HTML requires both: an image without a source loads nothing and shows its alt text.
      if !kept.contains(where: { $0.0 == "src" }) { kept.insert(("src", "data:,"), at: 0) }
      if !kept.contains(where: { $0.0 == "alt" }) { kept.append(("alt", "")) }
    }
    if !removed.isEmpty { note("removed from \(written): \(removed.joined(separator: ", "))") }
    append("<\(name)")
    for (attribute, value) in kept {
      append(" \(attribute)")
      if let value {
        append("=\"")
        appendText(value)
        append("\"")
      }
    }
    if !styles.isEmpty {
      // Only collapse's own declarations, whose values were checked: nothing to escape.
      append(" style=\"\(styles.joined(separator: "; "))\"")
    }
    append(rule.void ? " />" : ">")
  }

  /// What an allowed attribute keeps: a value, or its name alone.
  enum KeptValue {
    case text(String)
    case bare

    var written: String? {
      if case .text(let text) = self { return text }
      return nil
    }
  }

  /// What an allowed attribute keeps, or nil when it may not have this value.
  func checkedValue(_ attribute: String, _ value: String, element: String) -> KeptValue? {
    switch attribute {
    case "href", "src", "cite":
      return url(value, attribute: attribute, element: element).map { .text($0) }
    case "srcset":
      let candidates = SanitizedWriter.sourceSet(value)
      let kept = candidates.compactMap { candidate in
        url(candidate.url, attribute: "srcset", element: element).map {
          candidate.descriptor.isEmpty ? $0 : "\($0) \(candidate.descriptor)"
        }
      }
      guard !kept.isEmpty, kept.count == candidates.count else { return nil }
      return .text(kept.joined(separator: ", "))
    case "target":
      // A new tab only, which then cannot reach this page (`rel` gets `noopener`).
      return value.lowercased() == "_blank" ? .text("_blank") : nil
    case "rel":
      let words = value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }
      )
      let known: Set<Substring> = [
        "noopener", "noreferrer", "nofollow", "ugc", "sponsored", "external", "me",
      ]
      return !words.isEmpty && words.allSatisfy(known.contains)
        ? .text(words.joined(separator: " ")) : nil
    case "start", "value", "span", "colspan", "rowspan":
      guard
        SanitizedWriter.isNumber(value, allowingSign: attribute == "start" || attribute == "value"),
        attribute == "start" || attribute == "value" || Int(value) ?? 0 >= 1
      else { return nil }
      return .text(value)
    case "type" where element == "ol":
      return ["1", "a", "A", "i", "I"].contains(value) ? .text(value) : nil
    case "dir":
      return ["ltr", "rtl", "auto"].contains(value.lowercased()) ? .text(value.lowercased()) : nil
    case "scope":
      return ["row", "col", "rowgroup", "colgroup"].contains(value.lowercased())
        ? .text(value.lowercased()) : nil
    case "loading":
      return ["lazy", "eager"].contains(value.lowercased()) ? .text(value.lowercased()) : nil
    case "open", "reversed":
      return .bare
    default:
      return .text(value)
    }
  }

  /// The id an element keeps: the document's id prefixed, so that it cannot stand for
  /// one of the page's, unless it is cmark-gfm's own for a footnote; nil for an empty id
  /// or one written before.
  mutating func contentID(
    _ value: String, element: String, attributes: [(name: String, value: String)]
  ) -> String? {
    var id = String(
      value.map { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{C}" || $0 == "\r" ? "-" : $0 })
    guard !id.isEmpty else { return nil }
    let footnote =
      (element == "a" && id.hasPrefix("fnref-")
        && attributes.contains { $0.name == "data-footnote-ref" })
      || (settings.place == .notes && element == "li" && id.hasPrefix("fn-"))
    if !footnote && settings.prefixesIDs && !id.hasPrefix(HTMLAllowlist.idPrefix) {
      id = HTMLAllowlist.idPrefix + id
    }
    guard ids.insert(id).inserted else { return nil }
    return id
  }

  static func isNumber(_ text: String, allowingSign: Bool = false) -> Bool {
    var digits = Substring(text)
    if allowingSign, digits.first == "-" { digits = digits.dropFirst() }
    return !digits.isEmpty && digits.count <= 9 && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
