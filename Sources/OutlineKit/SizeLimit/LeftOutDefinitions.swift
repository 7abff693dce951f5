/// The link reference definitions held by the sections a cut Markdown output leaves out
/// that the Markdown it keeps still uses. cmark and GitHub resolve a reference wherever in
/// the document its definition is, so these, written in place of the sections they were
/// in, keep the links working: a Keep a Changelog file defines every link at the end of
/// its oldest version, which is the first to go.
struct LeftOutDefinitions {
  /// The runs of definitions to write in place of each cut section, by its index: each run
  /// a block of its own, each definition its source lines.
  private var runs: [Int: [[String]]] = [:]

  init(outline: Outline, elision: Elision) {
    var runs: [(section: Int, run: LinkDefinitions)] = []
    // GitHub's footnotes too: a reference the output keeps needs its note's definition.
    var notes: [(section: Int, label: String, text: String)] = []
    for index in outline.sections.indices where elision.cuts[index] != .none {
      // Nothing inside a cut section is cut itself: its subtree is left out with it.
      for inner in index..<outline.sections[index].end {
        for content in outline.sections[inner].content {
          guard case .markdown(let blocks) = content.body else { continue }
          for run in blocks.linkDefinitions { runs.append((index, run)) }
          for note in blocks.document.footnoteDefinitions(in: blocks.lines) {
            notes.append((index, note.label, note.text))
          }
        }
      }
    }
    guard !runs.isEmpty || !notes.isEmpty else { return }
    let used = LeftOutDefinitions.labels(keptBy: outline, elision: elision)
    for (section, run) in runs {
      let texts = run.texts(keeping: used)
      if !texts.isEmpty { self.runs[section, default: []].append(texts) }
    }
    for (section, label, text) in notes where used.contains(label) {
      self.runs[section, default: []].append([text])
    }
  }

  /// The runs of definitions to write in place of the cut section at `index`: each run a
  /// block of its own, each definition its source lines, each ending with a line end.
  func runs(for index: Int) -> [[String]] {
    runs[index] ?? []
  }

  /// The labels that the Markdown a cut output keeps may refer to: every text between
  /// brackets in it, normalized. A bracket in code counts too, which at worst keeps a
  /// definition that is not needed.
  private static func labels(keptBy outline: Outline, elision: Elision) -> Set<String> {
    var used: Set<String> = []
    outline.walk(descend: { elision.descends(into: $0) }) { step in
      guard case .content(let content, _) = step, case .markdown(let blocks) = content.body else {
        return
      }
      blocks.addLabels(to: &used)
    }
    return used
  }
}
