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
    return combined
  }
}
