/// The comments that follow where a block ends, which the block takes as its own when
/// they are indented as its keys are (a step commented out ends a workflow's steps).
///
/// Blocks end in the order of their lines, and many may end on the same one (`- - - x`
/// followed by a thousand blank lines): the run of blank and comment lines after a line is
/// scanned once, as far as a block asks, and its comments kept, so that each block ending
/// there costs only the comments it takes.
struct YAMLTrailingComments {
  /// A comment line of the run, and the column its `#` stands at.
  private struct Comment {
    let line: Int
    let column: Int
  }

  private let text: SourceText
  /// The first line of the run being read.
  private var start = 0
  /// The run's comment lines, in order, as far as it is read.
  private var comments: [Comment] = []
  /// The first line of the run not read yet; the run's end, once `ended`.
  private var next = 0
  /// Whether a line that is neither blank nor a comment, or the text's end, ends the run.
  private var ended = true

  init(text: SourceText) {
    self.text = text
  }

  /// The last of the comments that follow line `line`, blank lines between them, indented
  /// at least `indent`; `line` when none follow.
  mutating func lastLine(after line: Int, indent: Int) -> Int {
    let first = line + 1
    if first < start || first > next || (ended && first == next) {
      start = first
      next = first
      ended = false
      comments.removeAll(keepingCapacity: true)
    }
    var index = comments.countLeading(where: { $0.line < first })
    var last = line
    while true {
      if index == comments.count {
        guard readComment() else { return last }
      }
      guard comments[index].column >= indent else { return last }
      last = comments[index].line
      index += 1
    }
  }

  /// Reads the run on to its next comment line; false when the run ends first.
  private mutating func readComment() -> Bool {
    while !ended {
      guard next < text.lineCount else {
        ended = true
        break
      }
      let range = text.lineRange(next)
      let spaces = text.bytes[range].prefix { $0 == 0x20 }.count
      if spaces < range.count {
        guard text.bytes[range.lowerBound + spaces] == UInt8(ascii: "#") else {
          ended = true
          break
        }
        comments.append(Comment(line: next, column: spaces))
        next += 1
        return true
      }
      next += 1
    }
    return false
  }
}
