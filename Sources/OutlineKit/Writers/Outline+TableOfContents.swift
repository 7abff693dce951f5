extension Outline {
  /// The sections a table of contents lists, in document order: none that a cut output
  /// leaves out or closes the parent of, and none `depth` levels down or deeper.
  func tableOfContents(elision: Elision?, depth: Int?) -> [Int] {
    var entries: [Int] = []
    var index = 0
    while index < sections.count {
      let section = sections[index]
      // What a cut output leaves out has no place to link to.
      if elision?.cuts[index] == .removed || section.depth >= (depth ?? Int.max) {
        index = section.end
        continue
      }
      entries.append(index)
      index = elision?.cuts[index] == .closed ? section.end : index + 1
    }
    return entries
  }

  /// The most entries a table of contents starts open with.
  static let longTableOfContents = 30
}
