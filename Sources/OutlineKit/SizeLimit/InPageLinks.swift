/// The links in an outline's Markdown that lead to one of its own sections, as
/// `[text](#id)` does: what a cut output looks at so that none of them leads nowhere.
struct InPageLinks: Equatable, Sendable {
  struct Link: Equatable, Sendable {
    /// The section whose content or title holds the link; -1 for the document's own
    /// content and for footnotes, which are always written.
    let from: Int
    /// Whether the link is in the section's title, which a closed section still shows.
    let inTitle: Bool
    /// The section the link leads to.
    let to: Int
  }

  private(set) var links: [Link] = []

  init() {}

  /// The links of `outline` whose target is the id of one of its sections.
  init(outline: Outline) {
    var found: [(from: Int, inTitle: Bool, target: String)] = []
    func add(_ blocks: [Content], from index: Int) {
      for content in blocks {
        guard case .markdown(let markdown) = content.body else { continue }
        for target in markdown.document.inPageTargets(in: .blocks(markdown.node)) {
          found.append((index, false, target))
        }
      }
    }
    add(outline.content, from: -1)
    for document in outline.documents {
      for target in document.inPageTargets(in: .notes) { found.append((-1, false, target)) }
    }
    for (index, section) in outline.sections.enumerated() {
      if let heading = section.heading {
        for target in heading.document.inPageTargets(in: .title(heading.node)) {
          found.append((index, true, target))
        }
      }
      add(section.content, from: index)
    }
    guard !found.isEmpty else { return }
    var sections: [String: Int] = [:]
    for (index, id) in outline.ids.enumerated() { sections[id] = index }
    links = found.compactMap { link in
      sections[link.target].map { Link(from: link.from, inTitle: link.inTitle, to: $0) }
    }
  }
}
