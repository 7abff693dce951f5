import Synchronization

/// The titles of each section's direct subsections, counted the first time they are asked
/// for: naming one element of a large array must not take a look at all of them again.
final class SiblingTitles: Sendable {
  private let counted = Mutex<[Int: [String: Int]]>([:])

  /// How many subsections of `parent` in `outline` have a title that compares as `title`.
  func count(of title: String, under parent: Int?, in outline: Outline) -> Int {
    let key = parent ?? -1
    let wanted = NameMatcher.normalized(title)
    return counted.withLock { counted in
      if let counts = counted[key] { return counts[wanted] ?? 0 }
      var counts: [String: Int] = [:]
      let siblings = parent.map { outline.children(of: $0) } ?? outline.topLevel
      for sibling in siblings {
        counts[NameMatcher.normalized(outline.sections[sibling].title), default: 0] += 1
      }
      counted[key] = counts
      return counts[wanted] ?? 0
    }
  }
}
