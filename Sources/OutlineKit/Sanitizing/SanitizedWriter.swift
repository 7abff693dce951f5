import CGumbo

/// One piece of the work of writing the tree, kept on a stack instead of recursing, so
/// that no nesting is too deep.
private enum Work {
  case node(UnsafeMutablePointer<GumboNode>, Step)
  case text(String)
}

/// Where a node stands: the model of its parent's children, how deep it is, and whether it
/// is the first element in a `<details>` (the only place for a `<summary>`).
private struct Step {
  var model: HTMLAllowlist.Model
  var depth: Int
  var opensDetails = false
}

/// Writes a parsed tree again, keeping what `HTMLAllowlist` allows where HTML allows it,
/// and noting in a comment what it leaves out; `HTMLSanitizer` runs it.
struct SanitizedWriter {
  let settings: HTMLSanitizer
  var output: [UInt8] = []
  /// The ids written, which must not repeat.
  private var ids: Set<String> = []
  private var flattened = false
  private var work: [Work] = []
  /// Where the parsed HTML starts, and the end tags in it that closed nothing, in order,
  /// each noted before the first node written after it.
  var base: UnsafeRawPointer?
  var strays: [(offset: Int, name: String)] = []
  private var noted = 0

  init(settings: HTMLSanitizer) {
    self.settings = settings
  }

  mutating func write(_ nodes: [UnsafeMutablePointer<GumboNode>], model: HTMLAllowlist.Model) {
    push(nodes, Step(model: model, depth: 0))
    while let next = work.popLast() {
      switch next {
      case .text(let text): output.append(contentsOf: text.utf8)
      case .node(let node, let step):
        if noted < strays.count, let start = start(of: node) { noteStrays(before: start) }
        visit(node, step)
      }
    }
    noteStrays(before: Int.max)
  }

  /// Where a node's text starts in the parsed HTML; nil for one the parser made up.
  private func start(of node: UnsafeMutablePointer<GumboNode>) -> Int? {
    let piece = node.element?.original_tag ?? node.originalText
    guard let base, let data = piece.data, piece.length > 0 else { return nil }
    return base.distance(to: UnsafeRawPointer(data))
  }

  private mutating func noteStrays(before offset: Int) {
    while noted < strays.count, strays[noted].offset < offset {
      note("removed an end tag of \(strays[noted].name) that closed nothing")
      noted += 1
    }
  }

  /// Queues `nodes` to be written in order.
  private mutating func push(_ nodes: [UnsafeMutablePointer<GumboNode>], _ step: Step) {
    var first = step.opensDetails
    var queued: [Work] = []
    queued.reserveCapacity(nodes.count)
    for node in nodes {
      var step = step
      step.opensDetails = first && node.isElement
      if node.isElement { first = false }
      queued.append(.node(node, step))
    }
    work.append(contentsOf: queued.reversed())
  }

  private mutating func visit(_ node: UnsafeMutablePointer<GumboNode>, _ step: Step) {
    switch node.pointee.type {
    case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
      element(node, step)
    case GUMBO_NODE_COMMENT:
      comment(node.text)
    case GUMBO_NODE_TEXT, GUMBO_NODE_CDATA:
      let text = shown(node)
      // Text may stand in a list only inside an item.
      if let item = itemElement(step.model) {
        append("<\(item)>")
        appendText(text)
        append("</\(item)>")
      } else {
        appendText(text)
      }
    case GUMBO_NODE_WHITESPACE:
      appendText(node.text)
    default:
      break
    }
  }

  /// A text node's text as it is shown: with emoji for GitHub's shortcodes, unless it is
  /// code (in `pre`, `code` or `tt`, as GitHub leaves it).
  private func shown(_ node: UnsafeMutablePointer<GumboNode>) -> String {
    let text = node.text
    guard settings.showsEmoji, text.utf8.contains(UInt8(ascii: ":")) else { return text }
    var parent = node.pointee.parent
    while let element = parent, element.pointee.type == GUMBO_NODE_ELEMENT {
      switch element.tag {
      case GUMBO_TAG_PRE, GUMBO_TAG_CODE, GUMBO_TAG_TT: return text
      default: parent = element.pointee.parent
      }
    }
    return EmojiShortcodes.replacing(in: text)
  }

  /// The element that wraps what stands in a list without being an item of it.
  private func itemElement(_ model: HTMLAllowlist.Model) -> String? {
    switch model {
    case .list: return "li"
    case .descriptions: return "dd"
    default: return nil
    }
  }

  private mutating func element(_ node: UnsafeMutablePointer<GumboNode>, _ step: Step) {
    let written = node.tagName
    let name = HTMLAllowlist.renamed[written] ?? written
    if node.element?.tag_namespace != GUMBO_NAMESPACE_HTML
      || node.pointee.type == GUMBO_NODE_TEMPLATE || HTMLAllowlist.removedWhole.contains(name)
    {
      note("removed the \(written) element and what it held")
      return
    }
    let rule =
      settings.place == .notes && name == "section"
      ? HTMLAllowlist.Element(phrasing: false) : HTMLAllowlist.elements[name]
    guard let rule else {
      note("removed the \(written) element, kept what it held")
      push(node.children, step)
      return
    }
    if let item = itemElement(step.model), !(name == "li" || name == "dt" || name == "dd") {
      // Not an item where only items may stand: it goes inside one.
      if !(step.model == .descriptions && name == "div") {
        append("<\(item)>")
        work.append(.text("</\(item)>"))
        work.append(.node(node, Step(model: .flow, depth: step.depth + 1)))
        return
      }
    }
    guard fits(name, rule, step) else {
      note("removed the \(written) element where HTML does not allow it, kept what it held")
      if !rule.void { push(node.children, step) }
      return
    }
    if step.depth >= HTMLSanitizer.maximumDepth {
      if !flattened {
        note(
          "removed elements nested deeper than \(HTMLSanitizer.maximumDepth), kept what they held")
      }
      flattened = true
      push(node.children, step)
      return
    }
    switch name {
    case "input":
      input(node)
      return
    case "img":
      if image(node) { return }
    case "picture" where pictureShowsRemoteImage(node):
      // Its image is shown as text, which a picture cannot hold; its sources go with it.
      note("removed the picture element around an image from another host, and its sources")
      push(node.children.filter { !($0.isElement && $0.tagName == "source") }, step)
      return
    case "source" where sourceIsRemote(node):
      note("removed the source element of an image from another host")
      return
    case "source"
    where !node.attributes.contains(where: {
      $0.name == "srcset" && checkedValue("srcset", $0.value, element: name) != nil
    }):
      // A source is its images: without a srcset it may keep, nothing is left of it.
      let scheme = node.attributes.first { $0.name == "srcset" }.flatMap { attribute in
        SanitizedWriter.sourceSet(attribute.value).first {
          url($0.url, attribute: "srcset", element: name) == nil
        }
      }.map { URLCheck($0.url).scheme }
      note(
        "removed the source element"
          + (scheme.map { ", its srcset holding a \($0.isEmpty ? "URL" : $0 + ":") URL" } ?? ""))
      return
    default:
      break
    }
    openTag(name, written: written, node: node, rule: rule)
    guard !rule.void else { return }
    let children = node.children
    if name == "pre", let first = children.first, first.pointee.type != GUMBO_NODE_ELEMENT,
      first.text.utf8.first == 0x0A
    {
      // A parser drops the line end just after `<pre>`: one more keeps the text's own.
      append("\n")
    }
    if name == "details", children.first(where: { $0.isElement })?.tagName != "summary" {
      // HTML requires a summary first; a browser shows this one when there is none.
      append("<summary>Details</summary>")
    }
    work.append(.text("</\(name)>"))
    let model = rule.children == .transparent ? step.model : rule.children
    push(children, Step(model: model, depth: step.depth + 1, opensDetails: name == "details"))
  }

  /// Whether element `name` may stand where `step` is, as HTML's content models allow.
  private func fits(_ name: String, _ rule: HTMLAllowlist.Element, _ step: Step) -> Bool {
    let heading =
      name.count == 2 && name.first == "h" && name.last.map { "123456".contains($0) } == true
    switch step.model {
    case .phrasing, .transparent: return rule.phrasing
    case .summary: return rule.phrasing || heading
    case .ruby: return rule.phrasing || name == "rt" || name == "rp"
    case .picture: return name == "source" || name == "img"
    case .list: return name == "li"
    case .descriptions: return name == "dt" || name == "dd" || name == "div"
    case .table: return true
    case .flow:
      if name == "summary" { return step.opensDetails }
      return !["li", "dt", "dd", "rt", "rp", "source"].contains(name)
    }
  }

  /// Writes a task list's checkbox, the one kind of `<input>` kept, as cmark-gfm writes it.
  private mutating func input(_ node: UnsafeMutablePointer<GumboNode>) {
    let attributes = node.attributes
    guard attributes.contains(where: { $0.name == "type" && $0.value.lowercased() == "checkbox" })
    else {
      note("removed the input element")
      return
    }
    let checked = attributes.contains { $0.name == "checked" }
    // A task's checkbox says what it marks to those who hear the page, as a label would.
    let task =
      SanitizedWriter.isTaskCheckbox(node)
      ? " class=\"task-list-item-checkbox\" aria-label=\"\(checked ? "Done" : "Not done")\"" : ""
    append(
      checked
        ? "<input type=\"checkbox\"\(task) checked=\"\" disabled=\"\" />"
        : "<input type=\"checkbox\"\(task) disabled=\"\" />")
  }

  /// Whether `node` is a task's checkbox, as cmark-gfm writes one: a checkbox that begins
  /// a list item.
  static func isTaskCheckbox(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    guard node.tag == GUMBO_TAG_INPUT,
      node.attributes.contains(where: { $0.name == "type" && $0.value.lowercased() == "checkbox" }),
      let parent = node.pointee.parent,
      parent.tag == GUMBO_TAG_LI
    else { return false }
    return parent.children.first == node
  }

  /// The class GitHub gives element `name` of a task list: `task-list-item` to an item
  /// that begins with a checkbox, `contains-task-list` to a list that holds one; nil for
  /// any other element.
  static func taskListClass(_ name: String, _ node: UnsafeMutablePointer<GumboNode>) -> String? {
    func isTask(_ item: UnsafeMutablePointer<GumboNode>) -> Bool {
      item.tag == GUMBO_TAG_LI
        && item.children.first.map(isTaskCheckbox) == true
    }
    switch name {
    case "li": return isTask(node) ? "task-list-item" : nil
    case "ul", "ol": return node.children.contains(where: isTask) ? "contains-task-list" : nil
    default: return nil
    }
  }

  /// Writes an image from another host as a placeholder, when the page would block it,
  /// and returns true; false when the image is written as an element. The placeholder is
  /// a small box with the image's alt text, as wide as that at most, so that a row of
  /// badges stays a row; it links to the image, unless it is in a link already, and its
  /// title says where the image is.
  private mutating func image(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    guard
      let source = node.attributes.first(where: { $0.name == "src" }).map({ URLCheck($0.value) }),
      source.scheme.isEmpty || source.scheme == "http" || source.scheme == "https",
      settings.blocksImage(at: source)
    else { return false }
    let alt = node.attributes.first { $0.name == "alt" }?.value ?? ""
    // Written as a link's URL is, its escapes and all.
    let link =
      SanitizedWriter.isInLink(node) ? nil : url(source.cleaned, attribute: "href", element: "a")
    append(link == nil ? "<span class=\"remote-image\"" : "<a class=\"remote-image\" href=\"")
    if let link {
      appendText(link)
      append("\"")
    }
    append(" title=\"Not loaded: ")
    appendText(source.cleaned)
    append("\">")
    appendText(alt.isEmpty ? "image" : alt)
    append(link == nil ? "</span>" : "</a>")
    return true
  }

  /// Whether `node` is inside an `a` element, where a link of its own cannot go.
  private static func isInLink(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    var parent = node.pointee.parent
    while let element = parent {
      if element.tag == GUMBO_TAG_A { return true }
      parent = element.pointee.parent
    }
    return false
  }

  private func pictureShowsRemoteImage(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    node.children.contains { child in
      child.isElement && child.tagName == "img"
        && child.attributes.contains {
          $0.name == "src" && settings.blocksImage(at: URLCheck($0.value))
        }
    }
  }

  private func sourceIsRemote(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    node.attributes.contains { attribute in
      attribute.name == "srcset"
        && SanitizedWriter.sourceSetURLs(attribute.value).contains {
          settings.blocksImage(at: URLCheck($0))
        }
    }
  }

  /// The URLs of a `srcset`.
  private static func sourceSetURLs(_ value: String) -> [String] {
    sourceSet(value).map(\.url)
  }

  /// A `srcset`'s candidates, each a URL and what describes it (`2x`, `480w`), read as a
  /// browser reads them: a URL runs to white space, and may hold commas (a `data:` URL
  /// does) but for those that end it.
  static func sourceSet(_ value: String) -> [(url: String, descriptor: String)] {
    var candidates: [(url: String, descriptor: String)] = []
    var rest = Substring(value)
    let space: (Character) -> Bool = {
      $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}"
    }
    while true {
      rest = rest.drop { space($0) || $0 == "," }
      guard !rest.isEmpty else { break }
      var url = rest.prefix { !space($0) }
      rest = rest.dropFirst(url.count)
      var descriptor = Substring("")
      if url.hasSuffix(",") {
        while url.hasSuffix(",") { url = url.dropLast() }
      } else {
        // A descriptor runs to a comma outside parentheses, as a browser reads it.
        var depth = 0
        descriptor = rest.prefix { character in
          if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
          return character != "," || depth > 0
        }
        rest = rest.dropFirst(descriptor.count)
      }
      let trimmed = descriptor.drop(while: space).reversed().drop(while: space).reversed()
      candidates.append((String(url), String(trimmed)))
    }
    return candidates
  }

  /// Writes an element's start tag with the attributes it may keep, after a note of those
  /// it may not.
  private mutating func openTag(
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
  private enum KeptValue {
    case text(String)
    case bare

    var written: String? {
      if case .text(let text) = self { return text }
      return nil
    }
  }

  /// What an allowed attribute keeps, or nil when it may not have this value.
  private func checkedValue(_ attribute: String, _ value: String, element: String) -> KeptValue? {
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

  /// `value` as a URL `attribute` of `element` may have: one of the schemes it allows, an
  /// embedded image for a relative `img` source when images are embedded.
  private func url(_ value: String, attribute: String, element: String) -> String? {
    let check = URLCheck(value)
    if (element == "img" && attribute == "src") || attribute == "srcset" {
      if let type = check.dataType {
        return HTMLAllowlist.dataImageTypes.contains(type)
          ? SanitizedWriter.percentEncoded(check.cleaned) : nil
      }
      if check.scheme.isEmpty, !check.isRemote, !check.cleaned.hasPrefix("#"),
        let embed = settings.embed,
        let data = embed(check.cleaned)
      {
        return data
      }
    }
    guard let schemes = HTMLAllowlist.urlSchemes[attribute], schemes.contains(check.scheme) else {
      return nil
    }
    return SanitizedWriter.percentEncoded(check.cleaned)
  }

  /// `url` with what a URL may not hold written as `%XX`, as a browser's URL parser would:
  /// spaces, quotes, `<`, `>`, `\`, other characters outside ASCII, and a `%` that starts
  /// no escape. A `data:` picture written `<svg …>` then is a valid URL too.
  private static func percentEncoded(_ url: String) -> String {
    var copy = url
    return copy.withUTF8 { bytes in
      guard bytes.contains(where: { urlBytes[Int($0)] != 0 }) else { return url }
      var encoded: [UInt8] = []
      encoded.reserveCapacity(bytes.count + 16)
      let hex = Array("0123456789ABCDEF".utf8)
      for (index, byte) in bytes.enumerated() {
        let escape =
          byte == UInt8(ascii: "%") && index + 2 < bytes.count
          && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
        if urlBytes[Int(byte)] == 2 || (urlBytes[Int(byte)] == 1 && !escape) {
          encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        } else {
          encoded.append(byte)
        }
      }
      return String(decoding: encoded, as: UTF8.self)
    }
  }

  /// For each byte, 2 when a URL may not hold it as it is, 1 for `%`, which it may hold
  /// when an escape follows, and 0 for the rest.
  static let urlBytes: [UInt8] = (0...255).map { byte in
    if byte == 0x25 { return 1 }
    return byte <= 0x20 || byte >= 0x7F || "\"<>\\^`{|}".utf8.contains(UInt8(byte)) ? 2 : 0
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }

  /// The id an element keeps: the document's id prefixed, so that it cannot stand for
  /// one of the page's, unless it is cmark-gfm's own for a footnote; nil for an empty id
  /// or one written before.
  private mutating func contentID(
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

  /// The alignment in a style of cmark-gfm's, `text-align: center`.
  private static func textAlignment(ofStyle style: String) -> String? {
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
  private static func presentationStyle(_ attribute: String, _ value: String) -> String? {
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
  private static func alignmentStyle(_ element: String, _ value: String) -> String? {
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

  private static func isNumber(_ text: String, allowingSign: Bool = false) -> Bool {
    var digits = Substring(text)
    if allowingSign, digits.first == "-" { digits = digits.dropFirst() }
    return !digits.isEmpty && digits.count <= 9 && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Writes a note of what was removed, in a comment; its words are collapse's, and the
  /// names in it are kept to characters a comment can hold.
  private mutating func note(_ text: String) {
    append("<!-- collapse ")
    appendCommentText(text)
    append(" -->")
  }

  /// Writes a comment from the document, changed only so far as a comment must be to be
  /// valid and to end where it seems to: no `--` inside, no `>` or `-` at its ends.
  private mutating func comment(_ text: String) {
    append("<!--")
    appendCommentText(text)
    append("-->")
  }

  /// Writes a comment's text with a space between any two dashes, before a `>` or `-`
  /// that begins it and after a `-` or `<!` that ends it; the rest is copied a run at a
  /// time, as its bytes.
  private mutating func appendCommentText(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      guard let first = bytes.first, let last = bytes.last else { return }
      let dash = UInt8(ascii: "-")
      if first == UInt8(ascii: ">") || first == dash { output.append(UInt8(ascii: " ")) }
      var start = 0
      for index in bytes.indices.dropFirst() where bytes[index] == dash && bytes[index - 1] == dash
      {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        output.append(UInt8(ascii: " "))
        start = index
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
      let opens =
        bytes.count >= 2 && bytes[bytes.count - 2] == UInt8(ascii: "<") && last == UInt8(ascii: "!")
      if last == dash || opens { output.append(UInt8(ascii: " ")) }
    }
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  /// Writes text or an attribute's value escaped as cmark-gfm escapes text, quotes too, so
  /// that sanitised text reads the same as the rest and a value stays in its quotes. What
  /// needs no escape is copied a run at a time.
  private mutating func appendText(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      for (index, byte) in bytes.enumerated() {
        let escape: StaticString
        switch byte {
        case UInt8(ascii: "&"): escape = "&amp;"
        case UInt8(ascii: "\""): escape = "&quot;"
        case UInt8(ascii: "<"): escape = "&lt;"
        case UInt8(ascii: ">"): escape = "&gt;"
        default: continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        output.append(
          contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
        start = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
  }
}
