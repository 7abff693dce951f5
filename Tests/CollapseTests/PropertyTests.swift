import Foundation
import FoundationXML
import TestSupport
import Testing

/// Invariants checked over many generated documents, each made with the outline it must
/// be read as (see `GeneratedOutline`): the expected output comes from that model, never
/// from collapse.
@Suite("properties of generated documents")
struct PropertyTests {
  static let seeds = Array(UInt64(1)...150)

  private func run(_ arguments: [String], _ input: String) throws -> String {
    let result = try runInProcess(arguments, input: Data(input.utf8))
    #expect(result.status == 0, "\(arguments): \(result.errors)")
    #expect(result.errors == "", "\(arguments)")
    return result.output
  }

  /// The words of `expected` that `output` holds fewer times.
  private func lost(_ expected: [String], in output: [String]) -> [String] {
    var counts: [String: Int] = [:]
    for word in output { counts[word, default: 0] += 1 }
    return expected.filter { word in
      counts[word, default: 0] -= 1
      return counts[word, default: 0] < 0
    }
  }

  @Test("with everything expanded no word is lost, in text and HTML", arguments: seeds)
  func nothingLost(_ seed: UInt64) throws {
    let document = GeneratedOutline(seed: seed)
    let expected = document.allWords
    for (input, format) in [(document.markdown, "markdown"), (document.json, "json")] {
      for output in ["text", "html"] {
        let printed = try run(["-f", format, "-t", output, "--expand-all"], input)
        let missing = lost(expected, in: tokens(in: output == "html" ? htmlText(printed) : printed))
        #expect(missing.isEmpty, "seed \(seed), \(format) as \(output): lost \(missing.prefix(5))")
      }
    }
  }

  @Test("every word is shown under its own section's title", arguments: seeds)
  func wordsInTheirSections(_ seed: UInt64) throws {
    let document = GeneratedOutline(seed: seed)
    let printed = try run(["--expand-all", "--ascii"], document.markdown)
    let titles = Set(document.nodes.map { $0.title })
    var owner = -1
    var found: [[String]] = Array(repeating: [], count: document.nodes.count + 1)
    for line in printed.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("- "), titles.contains(String(trimmed.dropFirst(2))) {
        owner += 1
        continue
      }
      found[owner + 1] += tokens(in: String(line))
    }
    #expect(owner + 1 == document.nodes.count, "seed \(seed): \(owner + 1) titles")
    #expect(found[0] == document.preamble, "seed \(seed): the preamble")
    for (index, node) in document.nodes.enumerated() where owner + 1 == document.nodes.count {
      #expect(found[index + 1] == node.words, "seed \(seed): the words of '\(node.title)'")
    }
  }

  @Test("--collapse-all shows only the top-level titles", arguments: seeds)
  func collapseAll(_ seed: UInt64) throws {
    let document = GeneratedOutline(seed: seed)
    let outline = try run(["--collapse-all", "--outline"], document.markdown)
    #expect(outline == document.outlineText(expanded: []), "seed \(seed)")
    // Without --outline the preamble comes first, always shown.
    let full = try run(["--collapse-all"], document.markdown)
    #expect(full.hasSuffix(outline), "seed \(seed)")
    let before = String(decoding: full.utf8.dropLast(outline.utf8.count), as: UTF8.self)
    #expect(tokens(in: before) == document.preamble, "seed \(seed)")
    let html = try parseHTML(try run(["--collapse-all", "-t", "html"], document.markdown))
    #expect(html.sections.allSatisfy { !$0.open }, "seed \(seed)")
  }

  @Test("--expand X shows X and its ancestors open, and no other section", arguments: seeds)
  func expandOne(_ seed: UInt64) throws {
    let document = GeneratedOutline(seed: seed)
    let index = Int(seed * 7919 % UInt64(document.nodes.count))
    let open = document.expanded(byNaming: index)
    let name = document.nodes[index].title
    let outline = try run(["--expand", name, "--outline"], document.markdown)
    #expect(outline == document.outlineText(expanded: open), "seed \(seed), --expand '\(name)'")
    let html = try parseHTML(try run(["--expand", name, "-t", "html"], document.markdown))
    let opened = Set(html.sections.indices.filter { html.sections[$0].open })
    #expect(opened == open, "seed \(seed), --expand '\(name)'")
    // The same by id and by a path of titles.
    let path = ([index] + ancestors(of: index, in: document)).reversed()
      .map { document.nodes[$0].title }.joined(separator: "/")
    for other in [document.id(of: index), path] {
      #expect(try run(["--expand", other, "--outline"], document.markdown) == outline)
    }
  }

  private func ancestors(of index: Int, in document: GeneratedOutline) -> [Int] {
    var result: [Int] = []
    var cursor = document.nodes[index].parent
    while let parent = cursor {
      result.append(parent)
      cursor = document.nodes[parent].parent
    }
    return result
  }

  @Test(
    "HTML parses back to the outline's tree: ids, titles, nesting, words", .needs("cmark-gfm"),
    arguments: seeds)
  func htmlTree(_ seed: UInt64) throws {
    let document = GeneratedOutline(seed: seed)
    let html = try parseHTML(try run(["-t", "html", "--expand-all"], document.markdown))
    #expect(html.sections.count == document.nodes.count, "seed \(seed)")
    guard html.sections.count == document.nodes.count else { return }
    #expect(tokens(in: html.outside) == document.preamble, "seed \(seed): the preamble")
    for (index, node) in document.nodes.enumerated() {
      let parsed = html.sections[index]
      let place = "seed \(seed), section \(index)"
      #expect(parsed.id == document.id(of: index), "\(place)")
      #expect(parsed.depth == node.depth, "\(place)")
      #expect(parsed.parent == node.parent, "\(place)")
      #expect(parsed.summary == node.title, "\(place)")
      #expect(parsed.open, "\(place)")
      #expect(tokens(in: parsed.text) == node.words, "\(place)")
    }
    // cmark-gfm's own HTML of the whole document holds no word collapse's lacks.
    guard requireTool("cmark-gfm") else { return }
    let missing = missingWords(
      from: htmlWords(try run(["-t", "html", "--expand-all"], document.markdown)),
      of: htmlWords(try CmarkCommand.html(document.markdown)))
    #expect(missing.isEmpty, "seed \(seed): \(missing)")
  }

  @Test("output is the same on every run, in every format, through the binary")
  func sameEveryRun() throws {
    for seed in Self.seeds.prefix(12) {
      let document = GeneratedOutline(seed: seed)
      for (input, format) in [(document.markdown, "markdown"), (document.json, "json")] {
        for output in [
          ["-t", "text"], ["-t", "html", "-s", "--toc"], ["-t", "markdown"], ["-t", "json"],
        ] {
          let arguments = ["-f", format, "--depth", "2"] + output
          let first = try runBinary(arguments, input: Data(input.utf8))
          let second = try runBinary(arguments, input: Data(input.utf8))
          #expect(first.status == 0 && !first.output.isEmpty, "seed \(seed) \(arguments)")
          #expect(first == second, "seed \(seed) \(arguments)")
          #expect(try runInProcess(arguments, input: Data(input.utf8)) == first)
        }
      }
    }
  }

  @Test("the generator makes varied documents")
  func generatorIsVaried() {
    let documents = Self.seeds.map { GeneratedOutline(seed: $0) }
    #expect(documents.contains { $0.nodes.contains { $0.depth >= 3 } })
    #expect(documents.contains { $0.markdown.contains("\r\n") })
    #expect(documents.contains { $0.markdown.hasPrefix("---") })
    #expect(documents.contains { $0.markdown.contains("=====") })
    #expect(documents.contains { $0.markdown.contains("<!-- collapsed -->") })
    #expect(Set(documents.map(\.markdown)).count == documents.count)
    let total = documents.reduce(0) { $0 + $1.nodes.count }
    #expect(total > 5 * documents.count)
  }

  @Test("the checks notice a lost word and a wrong tree")
  func checksCanFail() throws {
    #expect(lost(["a1", "b2", "b2"], in: ["b2", "a1"]) == ["b2"])
    let html = try parseHTML(
      "<p>pre1</p><details id=\"a\" open><summary>A <span class=\"hidden\">(1 line)</span>"
        + "</summary><p>x1</p><details id=\"b\"><summary>B</summary></details></details>")
    #expect(html.sections.map(\.summary) == ["A", "B"])
    // A link beside a title is not the title's; a link that holds its words is.
    let linked = try parseHTML(
      "<details id=\"a\"><summary>A b <a href=\"u\" title=\"b\">↗</a></summary></details>"
        + "<details id=\"c\"><summary>C <a href=\"u\">d</a></summary></details>")
    #expect(linked.sections.map(\.summary) == ["A b", "C d"])
    #expect(html.sections.map(\.parent) == [nil, 0])
    #expect(html.sections.map(\.open) == [true, false])
    #expect(html.sections[0].text.contains("x1") && html.outside.contains("pre1"))
    #expect(throws: HTMLTreeError.self) { try parseHTML("<details><p></details>") }
  }
}

/// The text of an HTML fragment, tags left out.
func htmlText(_ html: String) -> String {
  (try? parseHTML(html)).map { tree in
    tree.outside + " " + tree.sections.map { $0.summary + " " + $0.text }.joined(separator: " ")
  } ?? ""
}

/// A `<details>` element of parsed HTML.
struct ParsedSection {
  var id: String?
  var open: Bool
  var depth: Int
  var parent: Int?
  /// The summary's text, without the part that says what a collapsed section hides and
  /// without the links (`↗`) written beside a title that holds links.
  var summary = ""
  /// The element's own text, outside its summary and its nested sections.
  var text = ""
}

struct HTMLTreeError: Error, CustomStringConvertible {
  let description: String
}

/// Parses an HTML fragment as XML, which it must be to count as well-formed once the
/// attribute `open` is written the XML way, into its `<details>` sections in document
/// order and the text outside all of them.
func parseHTML(_ html: String) throws -> (sections: [ParsedSection], outside: String) {
  let xml = html.replacing(/<details( id="[^"]*")? open>/) {
    "<details\($0.output.1 ?? "") open=\"\">"
  }
  let parser = XMLParser(data: Data(("<root>" + xml + "</root>").utf8))
  let delegate = HTMLTreeBuilder()
  parser.delegate = delegate
  // FoundationXML's parse() may return true after an error, so look at every sign of one.
  let parsed = parser.parse()
  if !parsed || parser.parserError != nil || delegate.problem != nil {
    throw HTMLTreeError(
      description:
        "not well-formed at line \(parser.lineNumber): \(delegate.problem ?? "")"
        + " \(String(describing: parser.parserError))")
  }
  for index in delegate.sections.indices {
    delegate.sections[index].summary = delegate.sections[index].summary
      .split(separator: " ").joined(separator: " ")
  }
  return (delegate.sections, delegate.outside)
}

private final class HTMLTreeBuilder: NSObject, XMLParserDelegate {
  var sections: [ParsedSection] = []
  var outside = ""
  /// The first error seen, by the parser or in the nesting of elements.
  var problem: String?
  private var elements: [String] = []
  private var open: [Int] = []
  private var inSummary = false
  private var hiddenDepth = 0
  /// Where the summary's text stood when a link in it began, to take a link beside the
  /// title out again.
  private var linkStart: String.Index?

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elements.append(name)
    switch name {
    case "details":
      sections.append(
        ParsedSection(
          id: attributes["id"], open: attributes["open"] != nil, depth: open.count,
          parent: open.last))
      open.append(sections.count - 1)
    case "summary":
      inSummary = true
    case "a" where inSummary:
      linkStart = open.last.map { sections[$0].summary.endIndex }
    case "span" where attributes["class"] == "hidden" || hiddenDepth > 0:
      hiddenDepth += 1
    default:
      break
    }
    // A span is inline: highlighted code splits a word into runs (`日本語<span>54</span>`).
    if name != "span" { appendSpace() }
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if elements.popLast() != name, problem == nil { problem = "</\(name)> closes another element" }
    switch name {
    case "details": open.removeLast()
    case "summary": inSummary = false
    case "a" where inSummary:
      if let start = linkStart, let current = open.last,
        sections[current].summary[start...].trimmingCharacters(in: .whitespaces) == "↗"
      {
        sections[current].summary.removeSubrange(start...)
      }
      linkStart = nil
    case "span" where hiddenDepth > 0: hiddenDepth -= 1
    default: break
    }
    if name != "span" { appendSpace() }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
    if problem == nil { problem = "\(error)" }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    append(string)
  }

  private func appendSpace() {
    append(" ")
  }

  private func append(_ text: String) {
    guard let current = open.last else {
      outside += text
      return
    }
    if inSummary {
      if hiddenDepth == 0 { sections[current].summary += text }
    } else {
      sections[current].text += text
    }
  }
}
