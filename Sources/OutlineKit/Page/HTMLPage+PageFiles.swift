extension HTMLPage {
  /// The page's script, `page.js`. The page works without it, unless it is lazy: sections
  /// still open and close, and table of contents links still lead to their section.
  ///
  /// It opens a linked section and its ancestors (on load, on `hashchange`, and on a
  /// click of any `#id` link, which covers following the same link twice), finds an id
  /// from the document's raw HTML under its `user-content-` prefix, shows the
  /// expand and collapse all buttons and runs them, opens every section for printing,
  /// closing again after the ones it opened, and searches titles and content.
  ///
  /// On a lazy page (`LazyStore`) it inflates a chunk when a piece in it is wanted, puts
  /// a section's body in place when the section is opened and the rest of a long body as
  /// it comes near the window, inflates every chunk in the background after the page has
  /// loaded, so that printing can lay out everything at once, and finds a section that is
  /// not laid out yet, for a link or a search, from the records the search reads.
  static let script = String(decoding: PackageResources.page_js, as: UTF8.self)

  /// The page's style sheet, `page.css`.
  ///
  /// Sections look like the rows of a grouped list: each top-level section is a card, a
  /// title row is at least 44 pixels high with a chevron at its end that turns a quarter
  /// when the section opens, and each level is indented a step further, its separator
  /// starting where its title does. `<summary>` stays a native control, so keyboard and
  /// screen readers work as with any `<details>`.
  static let styleSheet = String(decoding: PackageResources.page_css, as: UTF8.self)

  /// The hash that allows the page's script: `sha256-` and the Base64 of the SHA-256 of
  /// the script element's text, a line end and `script`, made from the bytes embedded.
  static let scriptHash = hash(ofScript: script)

  /// The hash that allows a script element of the page whose text is a line end and
  /// `script`: `sha256-` and the Base64 of its SHA-256.
  static func hash(ofScript script: String) -> String {
    "sha256-" + Base64.encoded(SHA256.digest(Array(("\n" + script).utf8)))
  }
}
