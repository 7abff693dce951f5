extension Outline {
  /// The link reference and footnote definitions, in document order, that the outline
  /// holds outside the subtrees of `roots` (its own content included) and that the
  /// Markdown inside them uses: what an extract of those subtrees (`--only`) needs written
  /// after it. Each run is its source lines.
  func definitionsUsed(outsideOf roots: [Int]) -> [[String]] {
    var inside = Array(repeating: false, count: sections.count)
    for root in roots { for index in root..<sections[root].end { inside[index] = true } }
    var used: Set<String> = []
    var outside: [MarkdownBlocks] = content.compactMap {
      guard case .markdown(let blocks) = $0.body else { return nil }
      return blocks
    }
    for (index, section) in sections.enumerated() {
      for content in section.content {
        guard case .markdown(let blocks) = content.body else { continue }
        if inside[index] { blocks.addLabels(to: &used) } else { outside.append(blocks) }
      }
    }
    guard !used.isEmpty else { return [] }
    var runs: [[String]] = []
    for blocks in outside {
      for run in blocks.linkDefinitions {
        let texts = run.texts(keeping: used)
        if !texts.isEmpty { runs.append(texts) }
      }
      for note in blocks.document.footnoteDefinitions(in: blocks.lines)
      where used.contains(note.label) {
        runs.append([note.text])
      }
    }
    return runs
  }
}
