extension Outline {
  /// The outline of only the sections `lists` of NAMEs name, each with everything under
  /// it, as its top-level sections in document order: what `--only` writes. A named
  /// section inside another named one comes once, inside it. The document's own content
  /// (a preamble) and every other section are left out; ids are made again, as for a
  /// document that holds only these sections.
  ///
  /// Throws every NAME that matches nothing, as `Selection` does; `/regex/` NAMEs share
  /// `patterns` with the rest of the command.
  public func extracting(
    _ lists: [String], patterns: PatternBudget = PatternBudget()
  ) throws(SelectionFailure) -> Outline {
    var matcher = NameMatcher(outline: self, patterns: patterns)
    var named: Set<Int> = []
    var errors: [SelectionError] = []
    for list in lists {
      do {
        named.formUnion(try matcher.sections(inList: list))
      } catch {
        errors += error.errors
        if error.endsCommand { break }
      }
    }
    if !errors.isEmpty { throw SelectionFailure(errors: errors) }

    var kept: [Section] = []
    var coveredUntil = 0
    var hidden = 0
    var roots: [Int] = []
    for root in named.sorted() where root >= coveredUntil {
      coveredUntil = sections[root].end
      roots.append(root)
      hidden += sections[root].hiddenLines
      let shift = kept.count - root
      let depth = sections[root].depth
      // A JSON extract's levels count from 1 again, as a document's do; a heading keeps its.
      let levels: Int
      switch sections[root].kind {
      case .object, .array, .element, .suite, .test, .output: levels = sections[root].level - 1
      case .heading, .file: levels = 0
      }
      for index in root..<sections[root].end {
        var section = sections[index]
        section.depth -= depth
        if section.kind != .heading && section.kind != .file { section.level -= levels }
        section.parent = index == root ? nil : section.parent.map { $0 + shift }
        // An element's index said where it was in an array the extract leaves out; at the
        // top it goes by its title.
        if index == root, let parent = sections[root].parent, case .array = sections[parent].kind {
          section.key = nil
        }
        section.end += shift
        kept.append(section)
      }
    }
    var outline = Outline(sections: kept, content: [])
    outline.kind = kind
    outline.hiddenLines = hidden
    outline.memoryToWrite = memoryToWrite
    outline.sourceBytes = sourceBytes
    outline.sourceLines = sourceLines
    outline.documents = documents
    outline.isExtract = true
    outline.definitionsLeftOut = definitionsUsed(outsideOf: roots)
    return outline
  }
}
