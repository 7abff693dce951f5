/// A step of a walk through an outline in document order.
enum WalkStep {
  /// A run of content whose owner is `depth - 1` levels deep (0 for the document's own).
  case content(Content, depth: Int)
  /// The start of the section at this index.
  case enter(Int)
  /// The end of the section at this index, after its content and subsections.
  case exit(Int)
}

extension Outline {
  /// Walks the outline without recursion, so that any depth of nesting is safe.
  ///
  /// `descend` says whether to visit a section's content and subsections; when it is
  /// false, `exit` follows `enter` at once.
  func walk(descend: (Int) -> Bool, _ visit: (WalkStep) -> Void) {
    // Each open owner: its section index (-1 for the document), the next content run
    // to show and how many of its subsections have been passed.
    var owners: [(section: Int, run: Int, passed: Int)] = [(-1, 0, 0)]

    func runs(of owner: Int) -> [Content] {
      owner < 0 ? content : sections[owner].content
    }
    func showRuns(upTo position: Int) {
      let top = owners.count - 1
      let all = runs(of: owners[top].section)
      while owners[top].run < all.count, all[owners[top].run].position <= position {
        visit(.content(all[owners[top].run], depth: top))
        owners[top].run += 1
      }
    }
    func close() {
      showRuns(upTo: Int.max)
      let finished = owners.removeLast()
      visit(.exit(finished.section))
      owners[owners.count - 1].passed += 1
    }

    var index = 0
    while index < sections.count {
      while owners.count > 1, sections[owners[owners.count - 1].section].end <= index { close() }
      showRuns(upTo: owners[owners.count - 1].passed)
      visit(.enter(index))
      if descend(index) {
        owners.append((index, 0, 0))
        index += 1
      } else {
        visit(.exit(index))
        owners[owners.count - 1].passed += 1
        index = sections[index].end
      }
    }
    while owners.count > 1 { close() }
    showRuns(upTo: Int.max)
  }

  /// What collapsing the section at `index` hides, in words: `(3 sections, 14 lines)`,
  /// `{…} 4 keys`, `[…] 12 items`; nil when it hides nothing.
  public func hiddenSummary(of index: Int) -> String? {
    let section = sections[index]
    switch section.kind {
    case .object(let members):
      return "{…} " + counted(members, "key")
    case .array(let elements):
      return "[…] " + counted(elements, "item")
    case .heading, .file:
      var parts: [String] = []
      let descendants = section.end - index - 1
      if descendants > 0 { parts.append(counted(descendants, "section")) }
      if section.hiddenLines > 0 { parts.append(counted(section.hiddenLines, "line")) }
      return parts.isEmpty ? nil : "(" + parts.joined(separator: ", ") + ")"
    }
  }
}

/// `count` followed by `noun`, made plural unless the count is one.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
