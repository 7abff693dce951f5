/// The raw HTML collapse keeps, modelled on what GitHub keeps in a README: the elements,
/// the attributes each may have, and the URLs a link or an image may lead to. The manual's
/// RAW HTML section lists the same; a test holds the two together.
enum HTMLAllowlist {
  /// What an element's children may be, as HTML's content models allow them.
  enum Model: Equatable {
    /// Blocks and text.
    case flow
    /// Text and the elements that go in a line of it.
    case phrasing
    /// A `<summary>`: phrasing, and headings.
    case summary
    /// A list: only `li`.
    case list
    /// A description list: only `dt`, `dd`, and `div` around them.
    case descriptions
    /// A `<picture>`: `source` elements, then one `img`.
    case picture
    /// A `<ruby>`: phrasing, `rt` and `rp`.
    case ruby
    /// A table's parts, which the parser itself keeps in order.
    case table
    /// The same as the parent's (`a`, `ins`, `del`).
    case transparent
  }

  struct Element {
    /// The attributes it may have beside the global ones. Those HTML5 made obsolete
    /// (`align`, `valign`, `width` of a cell, `clear`, `hspace`…) become the same style.
    let attributes: Set<String>
    /// Whether it goes in a line of text (phrasing content).
    let phrasing: Bool
    /// What its children may be.
    let children: Model
    /// Whether it has no end tag and no children.
    let void: Bool

    init(
      _ attributes: Set<String> = [], phrasing: Bool, children: Model = .flow, void: Bool = false
    ) {
      self.attributes = attributes
      self.phrasing = phrasing
      self.children = children
      self.void = void
    }
  }

  /// Attributes any kept element may have. `id` is prefixed with `user-content-`.
  static let globalAttributes: Set<String> = ["id", "title", "lang", "dir", "aria-label"]

  /// The prefix of every id and name from the document, so that none can stand for the
  /// page's own elements or reach its script's globals.
  static let idPrefix = "user-content-"

  private static let inline = Element(phrasing: true, children: .phrasing)
  private static let aligned = Element(["align"], phrasing: false, children: .phrasing)

  /// The elements kept, by tag name.
  static let elements: [String: Element] = [
    "a": Element(["href", "name", "target", "rel"], phrasing: true, children: .transparent),
    "abbr": inline, "b": inline, "bdi": inline, "bdo": inline, "cite": inline,
    "code": inline, "dfn": inline, "em": inline, "i": inline, "kbd": inline,
    "mark": inline, "s": inline, "samp": inline, "small": inline, "span": inline,
    "strong": inline, "sub": inline, "sup": inline, "u": inline, "var": inline,
    "q": Element(["cite"], phrasing: true, children: .phrasing),
    "time": Element(["datetime"], phrasing: true, children: .phrasing),
    "data": Element(["value"], phrasing: true, children: .phrasing),
    "del": Element(["cite", "datetime"], phrasing: true, children: .transparent),
    "ins": Element(["cite", "datetime"], phrasing: true, children: .transparent),
    "br": Element(["clear"], phrasing: true, void: true),
    "wbr": Element(phrasing: true, void: true),
    "img": Element(
      ["src", "alt", "width", "height", "align", "loading", "hspace", "vspace"], phrasing: true,
      void: true),
    "picture": Element(phrasing: true, children: .picture),
    "source": Element(
      ["srcset", "media", "type", "width", "height", "sizes"], phrasing: false, void: true),
    "input": Element(["type", "checked", "disabled"], phrasing: true, void: true),
    "ruby": Element(phrasing: true, children: .ruby),
    "rt": Element(phrasing: false, children: .phrasing),
    "rp": Element(phrasing: false, children: .phrasing),
    "p": aligned, "h1": aligned, "h2": aligned, "h3": aligned, "h4": aligned,
    "h5": aligned, "h6": aligned,
    "div": Element(["align"], phrasing: false),
    "pre": Element(phrasing: false, children: .phrasing),
    "blockquote": Element(["cite"], phrasing: false),
    "hr": Element(phrasing: false, void: true),
    "ul": Element(phrasing: false, children: .list),
    "ol": Element(["start", "type", "reversed"], phrasing: false, children: .list),
    "li": Element(["value"], phrasing: false),
    "dl": Element(phrasing: false, children: .descriptions),
    "dt": Element(phrasing: false), "dd": Element(phrasing: false),
    "details": Element(["open"], phrasing: false),
    "summary": Element(phrasing: false, children: .summary),
    "figure": Element(phrasing: false), "figcaption": Element(phrasing: false),
    "table": Element(["align", "width"], phrasing: false, children: .table),
    "caption": Element(phrasing: false),
    "colgroup": Element(["span"], phrasing: false, children: .table),
    "col": Element(["span"], phrasing: false, void: true),
    "thead": Element(["valign"], phrasing: false, children: .table),
    "tbody": Element(["valign"], phrasing: false, children: .table),
    "tfoot": Element(["valign"], phrasing: false, children: .table),
    "tr": Element(["align", "valign"], phrasing: false, children: .table),
    "td": Element(
      ["align", "valign", "width", "height", "colspan", "rowspan"], phrasing: false),
    "th": Element(
      ["align", "valign", "width", "height", "colspan", "rowspan", "scope", "abbr"],
      phrasing: false),
  ]

  /// Obsolete elements kept under the names HTML now has for them.
  static let renamed: [String: String] = ["strike": "s", "tt": "code"]

  /// Elements removed with everything in them: what they hold runs, fetches, submits or
  /// is not shown as text.
  static let removedWhole: Set<String> = [
    "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "param",
    "noscript", "noembed", "noframes", "template", "textarea", "select", "option",
    "optgroup", "button", "title", "xmp", "plaintext", "canvas", "audio", "video", "track",
    "link", "meta", "base", "head", "math", "svg", "dialog", "portal", "slot",
  ]

  /// The classes collapse and cmark-gfm give their own markup, kept on these elements
  /// only: a class from the document could otherwise take the page's styles.
  static let ownClasses: [String: @Sendable (String) -> Bool] = [
    "code": { $0.hasPrefix("language-") && $0.count > 9 },
    // GitHub's classes for highlighted code, which only colour it.
    "span": { $0.hasPrefix("pl-") && $0.count > 3 },
    "sup": { $0 == "footnote-ref" },
    "a": { $0 == "footnote-backref" },
    "section": { $0 == "footnotes" },
    "div": { $0 == "markdown-alert" || $0.hasPrefix("markdown-alert-") },
    "p": { $0 == "markdown-alert-title" },
    "li": { $0 == "task-list-item" },
    "ul": { $0 == "contains-task-list" },
    "ol": { $0 == "contains-task-list" },
  ]

  /// The `data-` attributes cmark-gfm gives footnotes, kept on these elements only.
  static let ownDataAttributes: [String: Set<String>] = [
    "a": ["data-footnote-ref", "data-footnote-backref"],
    "section": ["data-footnotes"],
  ]

  /// The attributes whose values are URLs, and the schemes each allows; "" is a relative
  /// URL (a path, or a `#fragment`). An `img` may also have an image as `data:`.
  static let urlSchemes: [String: Set<String>] = [
    "href": ["", "http", "https", "mailto"],
    "src": ["", "http", "https"],
    "cite": ["", "http", "https"],
    "srcset": ["", "http", "https"],
  ]

  /// The image types an `img` may hold as a `data:` URL: pictures, which an `img` only
  /// shows (even SVG, which runs no script there).
  static let dataImageTypes: Set<String> = [
    "image/png", "image/gif", "image/jpeg", "image/webp", "image/avif", "image/svg+xml",
  ]
}
