import TestSupport

@testable import OutlineKit

/// The outline of a Markdown string, which is small: reading it cannot run out of memory.
func markdown(_ text: String) -> Outline {
  do {
    return try MarkdownReader.read(Array(text.utf8))
  } catch {
    preconditionFailure("a test document could not be read: \(error)")
  }
}

/// Each section as `depth:title`, in document order.
func shape(_ outline: Outline) -> [String] {
  outline.sections.map { "\($0.depth):\($0.title)" }
}

/// The text tree of an outline with the given request.
func text(
  _ outline: Outline, _ request: SelectionRequest = SelectionRequest(),
  options: TextWriter.Options = TextWriter.Options()
) throws -> String {
  let selection = try Selection(outline: outline, request: request)
  var output = ""
  TextWriter(options: options).write(outline, selection: selection, to: &output)
  return output
}

/// The HTML fragment of an outline with the given request.
func html(
  _ outline: Outline, _ request: SelectionRequest = SelectionRequest(),
  options: HTMLWriter.Options = HTMLWriter.Options()
) throws -> String {
  let selection = try Selection(outline: outline, request: request)
  var output = ""
  HTMLWriter(options: options).write(outline, selection: selection, to: &output)
  return output
}

/// The source lines of a section's own content, blank lines at either end trimmed.
func contentLines(_ outline: Outline, _ index: Int) -> [String] {
  contentLines(outline.sections[index].content)
}

/// The source lines of a content run list, blank lines at either end trimmed.
func contentLines(_ content: [Content]) -> [String] {
  content.flatMap { run -> [String] in
    guard case .markdown(let blocks) = run.body else { return [] }
    let source = blocks.document.source
    return source.trimmingBlankLines(blocks.lines).map { source.line($0) }
  }
}

/// Up to `maxSections` headings of random levels whose titles repeat and hold commas and
/// slashes, some hinted collapsed, each with up to `maxBodyLines` lines of text.
func randomHeadings(_ random: inout SplitMix, maxSections: UInt64, maxBodyLines: UInt64) -> String {
  let words = ["Setup", "Usage", "API", "Setup", "Notes, misc", "A/B", "Usage"]
  var source = ""
  for _ in 0..<Int(random.next() % maxSections + 1) {
    let level = Int(random.next() % 4) + 1
    let hint = random.next() % 9 == 0 ? " <!-- collapsed -->" : ""
    source +=
      String(repeating: "#", count: level) + " "
      + words[Int(random.next() % UInt64(words.count))] + hint + "\n"
    for line in 0..<Int(random.next() % (maxBodyLines + 1)) { source += "body \(line)\n" }
  }
  return source
}
