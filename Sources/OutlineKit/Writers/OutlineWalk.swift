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
    var owners: [WalkOwner] = [WalkOwner(section: -1)]
    var index = 0
    while index < sections.count {
      while owners.count > 1, sections[owners[owners.count - 1].section].end <= index {
        close(&owners, visit)
      }
      showRuns(&owners, upTo: owners[owners.count - 1].passed, visit)
      visit(.enter(index))
      if descend(index) {
        owners.append(WalkOwner(section: index))
        index += 1
      } else {
        visit(.exit(index))
        owners[owners.count - 1].passed += 1
        index = sections[index].end
      }
    }
    while owners.count > 1 { close(&owners, visit) }
    showRuns(&owners, upTo: Int.max, visit)
  }

  /// Shows the innermost owner's content runs placed before subsection `position`.
  private func showRuns(
    _ owners: inout [WalkOwner], upTo position: Int, _ visit: (WalkStep) -> Void
  ) {
    let top = owners.count - 1
    let runs = owners[top].section < 0 ? content : sections[owners[top].section].content
    var run = owners[top].run
    while run < runs.count, runs[run].position <= position {
      visit(.content(runs[run], depth: top))
      run += 1
    }
    owners[top].run = run
  }

  /// Ends the innermost open section, after the rest of its content.
  private func close(_ owners: inout [WalkOwner], _ visit: (WalkStep) -> Void) {
    showRuns(&owners, upTo: Int.max, visit)
    let finished = owners.removeLast()
    visit(.exit(finished.section))
    owners[owners.count - 1].passed += 1
  }

  /// What collapsing the section at `index` hides, in words: `(3 sections, 14 lines)`,
  /// `{…} 4 keys`, `[…] 12 items`; nil when it hides nothing.
  public func hiddenSummary(of index: Int) -> String? {
    guard hidesSomething(index) else { return nil }
    var summary = ""
    writeHiddenSummary(of: index, to: &summary)
    return summary
  }

  /// Whether collapsing the section at `index` hides anything to tell of.
  func hidesSomething(_ index: Int) -> Bool {
    switch sections[index].kind {
    case .object, .array: return true
    case .heading, .file: return sections[index].end - index > 1 || sections[index].hiddenLines > 0
    }
  }

  /// Writes `hiddenSummary(of:)` without making a string of it first, `...` for `…` when
  /// `ascii`: a large outline has one per section.
  func writeHiddenSummary<Target: ByteOutputStream>(
    of index: Int, ascii: Bool = false, to target: inout Target
  ) {
    switch sections[index].kind {
    case .object(let members):
      target.write(ascii ? "{...} " : "{…} ")
      writeCounted(members, "key", "keys", to: &target)
    case .array(let elements):
      target.write(ascii ? "[...] " : "[…] ")
      writeCounted(elements, "item", "items", to: &target)
    case .heading, .file:
      let descendants = sections[index].end - index - 1
      let lines = sections[index].hiddenLines
      guard descendants > 0 || lines > 0 else { return }
      target.write("(")
      if descendants > 0 { writeCounted(descendants, "section", "sections", to: &target) }
      if descendants > 0 && lines > 0 { target.write(", ") }
      if lines > 0 { writeCounted(lines, "line", "lines", to: &target) }
      target.write(")")
    }
  }

  private func writeCounted<Target: ByteOutputStream>(
    _ count: Int, _ one: StaticString, _ many: StaticString, to target: inout Target
  ) {
    // The digits, a space and the noun in one write, without making a String of them.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
      var start = 20
      var rest = count.magnitude
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      if count < 0 {
        start -= 1
        buffer[start] = UInt8(ascii: "-")
      }
      buffer[20] = UInt8(ascii: " ")
      let noun = count == 1 ? one : many
      var end = 21
      noun.withUTF8Buffer { noun in
        for byte in noun.prefix(buffer.count - end) {
          buffer[end] = byte
          end += 1
        }
      }
      target.write(
        bytes: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[start..<end])))
    }
  }
}

/// A section whose content and subsections a walk is going through.
struct WalkOwner {
  let section: Int
  /// The next content run to show.
  var run = 0
  /// How many subsections have been passed.
  var passed = 0
}

/// `count` followed by `noun`, made plural unless the count is one.
func counted(_ count: Int, _ noun: String) -> String {
  String(count) + " " + noun + (count == 1 ? "" : "s")
}
