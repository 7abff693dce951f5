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
  var ids: Set<String> = []
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
}
