extension Outline {
  /// One outline holding several documents, each as a top-level section titled by its
  /// name, with ids made unique across all of them.
  public static func combining(_ documents: [(name: String, outline: Outline)]) -> Outline {
    var sections: [Section] = []
    sections.reserveCapacity(documents.reduce(documents.count) { $0 + $1.outline.sections.count })
    for (name, outline) in documents {
      let fileIndex = sections.count
      var file = Section(title: name, level: 0, depth: 0, parent: nil, kind: outline.kind)
      file.content = outline.content
      file.values = outline.values
      file.end = fileIndex + 1 + outline.sections.count
      file.hiddenLines = outline.hiddenLines
      file.span = SourceSpan(lines: 0..<outline.sourceLines, bytes: 0..<outline.sourceBytes)
      // A report opens when something in it failed, as its suites do.
      if case .suite(let counts) = outline.kind {
        file.hint = counts.failed + counts.errors > 0 ? .expanded : .collapsed
      }
      sections.append(file)
      for var section in outline.sections {
        section.depth += 1
        section.parent = section.parent.map { $0 + fileIndex + 1 } ?? fileIndex
        section.end += fileIndex + 1
        sections.append(section)
      }
    }
    var combined = Outline(sections: consume sections, content: [])
    combined.combinesFiles = true
    combined.documents = documents.flatMap(\.outline.documents)
    combined.sourceBytes = documents.reduce(0) { $0 + $1.outline.sourceBytes }
    // Test reports, one per file (Surefire's, a matrix's artifacts), are one run: their
    // totals come first, across them all.
    var totals = TestCounts()
    var reports = 0
    for (_, outline) in documents {
      guard case .suite(let counts) = outline.kind else { break }
      totals.add(counts)
      reports += 1
    }
    if reports == documents.count && reports > 1 {
      combined.content = [totals.content(reportName: nil, in: ValueStore())]
      combined.kind = .suite(totals)
    }
    return combined
  }
}
