import Testing

@testable import OutlineKit

func yaml(_ text: String, titleKeys: TitleKeys = .standard) throws
  -> Outline
{
  try YAMLReader.read(Array(text.utf8), titleKeys: titleKeys)
}

func yamlError(_ bytes: [UInt8]) -> ReadError? {
  do {
    _ = try YAMLReader.read(bytes)
    return nil
  } catch {
    return error
  }
}

/// The lines a content run shows, as the text tree shows them.
private func shown(_ content: [Content]) -> [[String]] {
  content.map { run in
    guard case .source(let source) = run.body else { return ["not YAML"] }
    return source.lines.map { source.text.isBlank($0) ? "" : source.shownLine($0) }
  }
}

@Suite("YAML")
struct YAMLReaderTests {
  @Test("block collections are sections; the rest is content, on the lines it is written on")
  func shape() throws {
    let outline = try yaml(
      """
      # top
      name: web  # comment
      spec:
        replicas: 3
        ports: [80, 443]
        containers:
          - name: app
            image: "a:1"
      tail: {}
      """)
    #expect(outline.sections.map(\.title) == ["spec", "containers", "app"])
    #expect(outline.sections.map(\.depth) == [0, 1, 2])
    #expect(outline.sections.map(\.parent) == [nil, 0, 1])
    #expect(shown(outline.content) == [["# top", "name: web  # comment"], ["tail: {}"]])
    #expect(outline.content.map(\.position) == [0, 1])
    // `spec:` alone is the title; its own content is its scalar members, unindented.
    #expect(shown(outline.sections[0].content) == [["replicas: 3", "ports: [80, 443]"]])
    #expect(shown(outline.sections[2].content) == [["- name: app", "  image: \"a:1\""]])
    #expect(outline.sections[0].kind == .object(members: 3))
    #expect(outline.sections[1].kind == .array(elements: 1))
    // 1-based in -t json; here from 0: spec stands on lines 2 to 7.
    #expect(outline.sections[0].span.lines == 2..<8)
    // Title lines, `containers:`, are not counted, as headings are not.
    #expect(outline.sections[0].hiddenLines == 4)
    #expect(outline.hiddenLines == 7)
  }

  @Test("anchors, aliases, merges and tags are shown as written, and an alias is not followed")
  func anchors() throws {
    // A billion laughs: each level names the one before nine times. Expanded, it would be
    // 10^9 strings; as written, it is a few lines.
    var text = "a: &a [\"lol\"]\n"
    var previous = "a"
    for level in "bcdefghi" {
      let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
      text += "\(level): &\(level) [\(aliases)]\n"
      previous = String(level)
    }
    text += "merged:\n  <<: *i\n  own: !!str 1\n"
    let outline = try yaml(text)
    #expect(outline.sections.map(\.title) == ["merged"])
    #expect(shown(outline.sections[0].content) == [["<<: *i", "own: !!str 1"]])
    #expect(outline.sections[0].kind == .object(members: 2))
    #expect(shown(outline.content)[0].count == 9)
    #expect(shown(outline.content)[0][8].hasPrefix("i: &i [*h, *h"))
  }

  @Test("several documents are sections, titled as Kubernetes names its objects")
  func documents() throws {
    let outline = try yaml(
      """
      # app
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels:
          app.kubernetes.io/name: web
      ---
      kind: Service
      metadata: {name: flow-is-content}
      ---
      - a
      - b
      ---
      just a scalar
      """)
    #expect(
      outline.sections.filter { $0.parent == nil }.map(\.title) == [
        "Deployment web", "Service", "[2]",
      ])
    #expect(outline.kind == .array(elements: 4))
    // The `---` that starts a document is its first line; the scalar document is content.
    let service = outline.sections.firstIndex { $0.title == "Service" }!
    #expect(shown(outline.sections[service].content).first?.first == "---")
    #expect(shown(outline.content).last == ["---", "just a scalar"])
  }

  @Test("--title-key orders the keys that title a sequence's elements")
  func titleKeys() throws {
    let text = "- id: one\n  name: first\n- id: two\n"
    #expect(try yaml(text).sections.map(\.title) == ["first", "two"])
    #expect(try yaml(text, titleKeys: ["id"]).sections.map(\.title) == ["one", "two"])
    #expect(try yaml(text, titleKeys: ["nothing"]).sections.map(\.title) == ["[0]", "[1]"])
    // A block scalar's title leaves out the line end the scalar keeps; one of no text
    // titles nothing.
    let block = "- name: |\n    multi\n  x: 1\n- name: |\n\n  id: 7\n"
    #expect(try yaml(block).sections.map(\.title) == ["multi", "7"])
  }

  @Test("errors give the line and column, and say what was expected")
  func errors() {
    #expect(
      yamlError(Array("a:\n  b: 1\n c: 2\n".utf8))
        == ReadError(
          line: 3, column: 2,
          message:
            "expected a key indented as the mapping that started at line 1, column 1, found 'c'"))
    // Columns count characters, not bytes.
    #expect(
      yamlError(Array("é: [1, 2\nb: 3\n".utf8))
        == ReadError(
          line: 2, column: 2,
          message:
            "expected ',' or ']' in the sequence '[' that started at line 1, column 4, found ':'"
        ))
    #expect(
      yamlError(Array("k: ok\nv: \u{e9}".utf8) + [0xFF, 0x0A])
        == ReadError(line: 2, column: 5, message: "invalid UTF-8"))
    #expect(
      yamlError(Array("a:\n\tb: 1\n".utf8))
        == ReadError(
          line: 2, column: 1, message: "a tab indents this line; YAML indents with spaces only"))
  }

  @Test("what stopped libyaml is told from its parser and marks where its words look alike")
  func problemsToldApart() {
    // A `\` at the very end is an escape of nothing, not an escaped line break.
    #expect(
      yamlError(Array("a: \"x\\".utf8))
        == ReadError(
          line: 1, column: 6, message: "invalid escape in a double-quoted string, found '\\'"))
    // The ends of blocks libyaml makes where the quote stands are no key waiting for ':'.
    #expect(
      yamlError(Array("a:\n  b: 1\n\"c\n".utf8))
        == ReadError(
          line: 4, column: 1,
          message:
            "unexpected end of input; expected a quote to close the string that started at "
            + "line 3, column 1"))
    // A mapping that starts at its problem: a ':' with no key before it.
    #expect(
      yamlError(Array(": x\n".utf8))
        == ReadError(
          line: 1, column: 1,
          message:
            "expected a key indented as the mapping that started at line 1, column 1, found ':'"))
    // A directive with no document after it.
    #expect(
      yamlError(Array("%YAML 1.2\n".utf8))
        == ReadError(
          line: 2, column: 1,
          message:
            "expected '---' to start another document after the one that ended, found the end "
            + "of the input"))
    // A tab that ends an anchor's name is the anchor's problem, not indentation.
    #expect(yamlError(Array("&\tx: 1\n".utf8))?.message.hasPrefix("a tab") == false)
  }

  @Test("deep nesting is read without recursion")
  func deep() throws {
    // Sequences nest on one line, `- - - x`, each a section inside the one before.
    let depth = 50_000
    let outline = try yaml(String(repeating: "- ", count: depth) + "x\n")
    #expect(outline.sections.count == depth - 1)
    #expect(outline.sections.last?.depth == depth - 2)
    #expect(outline.sections.last?.title == "[0]")
  }

  @Test("libyaml parses ahead on a thread of its own: a long stream reads whole, in order")
  func longStream() throws {
    // More events than the parser may hold ready for the builder, so that it waits for
    // room, and sections that end in one batch and start in another.
    let count = 60_000
    let text = (0..<count).map { "k\($0):\n  v: \($0)\n  w: [\($0)]\n" }.joined()
    #expect(YAMLEventStream.batchSize * YAMLEventStream.batchesAhead < count * 6)
    let outline = try yaml(text)
    #expect(outline.sections.count == count)
    #expect(outline.sections.map(\.title) == (0..<count).map { "k\($0)" })
    #expect(
      shown(outline.sections[count - 1].content) == [["v: \(count - 1)", "w: [\(count - 1)]"]])
    #expect(outline.sections[count - 1].span.lines == 3 * (count - 1)..<3 * count)
    // An error after them all is still found, at its place.
    #expect(
      yamlError(Array((text + "x:\n\ty: 1\n").utf8))
        == ReadError(
          line: 3 * count + 2, column: 1,
          message: "a tab indents this line; YAML indents with spaces only"))
  }

  @Test("what stops the builder stops the parser too: too deep a nesting is an error")
  func tooDeep() {
    // The limit is the reader's, set low here: its default is tested below.
    let mostLevels = 1_000
    let depth = mostLevels + 2
    var error: ReadError?
    do {
      _ = try YAMLReader.read(
        Array((String(repeating: "- ", count: depth) + "x\n").utf8),
        titleKeys: .standard, memory: nil, mostLevels: mostLevels)
    } catch .syntax(let found) {
      error = found
    } catch {}
    #expect(error?.line == 1)
    #expect(error?.message.hasPrefix("too deep") == true)
  }

  @Test("block collections nest at most 1,000,000 levels, as JSON's arrays and objects do")
  func deepestNesting() {
    #expect(YAMLOutlineBuilder.deepestNesting == 1_000_000)
    #expect(YAMLOutlineBuilder.deepestNesting == JSONOutlineBuilder.deepestNesting)
  }

  @Test("flow collections nest at most 256 levels: deeper is an error at the bracket")
  func flowTooDeep() throws {
    let most = YAMLEventStream.deepestFlowNesting
    let deepest = "k: " + String(repeating: "[", count: most) + String(repeating: "]", count: most)
    #expect(shown(try yaml(deepest).content) == [[deepest]])
    // One more, whether sequences or mappings, is refused where it opens.
    let deeper = "k:\n  - " + String(repeating: "[{a: ", count: most / 2) + "[x"
    #expect(
      yamlError(Array(deeper.utf8))
        == ReadError(
          line: 2, column: 5 + 5 * most / 2,
          message:
            "too deep: flow collections ('[' and '{') nest more than 256 levels here, the most "
            + "collapse reads"))
  }

  @Test("a key that goes on past its line's colon is content, titled on one line")
  func explicitKeys() throws {
    let outline = try yaml("? - a\n  - b\n: - c\n? \"x\n  y\"\n:\n  z: 1\n? |\n  lit\n: [v]\n")
    #expect(outline.sections.map(\.title) == ["- a - b", "x y"])
    #expect(shown(outline.sections[0].content) == [["? - a", "  - b", ": - c"]])
    #expect(shown(outline.sections[1].content) == [["? \"x", "  y\"", ":", "  z: 1"]])
    #expect(shown(outline.content) == [["? |", "  lit", ": [v]"]])
  }

  @Test("an anchor, a tag or an alias on a key's line keeps the line as content")
  func keyProperties() throws {
    let outline = try yaml("&k key:\n  a: 1\n!!str 1:\n  b: 2\n*k :\n  c: 3\nplain:\n  d: 4\n")
    #expect(outline.sections.map(\.title) == ["key", "1", "*k", "plain"])
    #expect(
      outline.sections.map { shown($0.content) } == [
        [["&k key:", "  a: 1"]], [["!!str 1:", "  b: 2"]], [["c: 3"]], [["d: 4"]],
      ])
  }

  @Test("a tab after '-', '?' or ':' is said to follow it; a tab before a line's text indents")
  func tabs() {
    let after = { (mark: String) in
      "a tab after '\(mark)'; YAML separates '-', '?' and ':' from what follows with spaces only"
    }
    #expect(yamlError(Array("-\tx\n".utf8)) == ReadError(line: 1, column: 2, message: after("-")))
    #expect(
      yamlError(Array("a:\n  - \tx\n".utf8)) == ReadError(line: 2, column: 5, message: after("-")))
    #expect(yamlError(Array("?\tx\n".utf8)) == ReadError(line: 1, column: 2, message: after("?")))
    #expect(
      yamlError(Array("? x\n:\ty\n".utf8)) == ReadError(line: 2, column: 2, message: after(":")))
    #expect(
      yamlError(Array("a:\n \tb: 1\n".utf8))
        == ReadError(
          line: 2, column: 2, message: "a tab indents this line; YAML indents with spaces only"))
  }

  @Test("many blocks ending on one line, before many blank lines and comments, each take theirs")
  func blocksEndingTogether() throws {
    // Each block that ends on the last item looks past the same blank lines: they are
    // read once, and each block takes the comments indented as it is.
    let depth = 300
    let items = String(repeating: "- ", count: depth) + "x\n"
    let text = items + String(repeating: "\n", count: 2000) + "  # second\n\n# first\n\n"
    let outline = try yaml(text)
    #expect(outline.sections.count == depth - 1)
    // The comment at column 2 is the second level's (the first section: the document's
    // own sequence is unwrapped), the one at column 0 the document's; deeper levels,
    // indented more, take neither.
    #expect(outline.sections[0].span.lines == 0..<2002)
    #expect(outline.sections[1].span.lines == 0..<1)
    #expect(shown(outline.sections[0].content) == [["# second"]])
    #expect(shown(outline.content) == [["# first"]])
  }

  @Test("a document that cannot be read leaves those before it as the outline, with the error")
  func stoppedStream() throws {
    let good = (1...3).map { "name: d\($0)\nspec:\n  a: \($0)\n" }.joined(separator: "---\n")
    let bad = "---\nname: d4\nspec:\n  a: [4\n---\nname: d5\n"
    let outline = try yaml(good + bad)
    #expect(outline.sections.map(\.title) == ["d1", "spec", "d2", "spec", "d3", "spec"])
    #expect(
      outline.stoppedBy
        == ReadError(
          line: 16, column: 1,
          message:
            "expected ',' or ']' in the sequence '[' that started at line 15, column 6, found "
            + "'-'"))
    // The lines shown end with the third document: its own section's lines, and the
    // document's content shows nothing of the fourth.
    #expect(outline.sections[4].span.lines == 7..<11)
    #expect(shown(outline.content) == [])
    // An error in the first document leaves nothing to show.
    #expect(yamlError(Array((bad.dropFirst(4) + good).utf8))?.line == 4)
    // After an explicit end (`...`), what follows it is not shown either.
    let ended = try yaml("a:\n  b: 1\n...\n# note\n- c: [\n")
    #expect(ended.sections.map(\.title) == ["a"])
    #expect(shown(ended.content) == [["..."]])
    #expect(ended.stoppedBy?.line == 5)
  }

  @Test("a huge scalar is one line of content; CRLF lines and a byte order mark are read")
  func sizesAndLineEnds() throws {
    let long = String(repeating: "x", count: 4_000_000)
    let outline = try yaml("a:\n  big: \(long)\n")
    #expect(shown(outline.sections[0].content)[0][0].utf8.count == 4_000_005)
    let crlf = try YAMLReader.read([0xEF, 0xBB, 0xBF] + Array("a:\r\n  b: 1\r\n# end\r\n".utf8))
    #expect(shown(crlf.sections[0].content) == [["b: 1"]])
    #expect(shown(crlf.content) == [["# end"]])
    #expect(crlf.sections[0].span.bytes == 3..<15)
  }

  /// A line that holds only its key titles its section; one with more is shown as written.
  @Test(
    "a key is found on its line after a deep indent, in ASCII and in other text",
    arguments: ["note: plain\n", "note: café ☕\n"])
  func keysAfterIndents(_ first: String) throws {
    let indent = String(repeating: " ", count: 19)
    let text =
      first + "outer:\n" + indent + "inner:\n" + indent + "  über_schlüssel: # ß\n"
      + indent + "    x: 1\n"
    let outline = try yaml(text)
    #expect(outline.sections.map(\.title) == ["outer", "inner", "über_schlüssel"])
    #expect(shown(outline.sections[0].content).isEmpty)
    #expect(shown(outline.sections[1].content).isEmpty)
    #expect(shown(outline.sections[2].content).first?.first == "über_schlüssel: # ß")
  }

  @Test("lines end where libyaml ends them: at a lone CR, and at NEL and U+2028 too")
  func lineEnds() throws {
    let cr = try yaml("a: 1\rb:\r  c: 2\r")
    #expect(cr.sections.map(\.title) == ["b"])
    #expect(shown(cr.sections[0].content) == [["c: 2"]])
    #expect(cr.sections[0].span.lines == 1..<3)
    let nel = try yaml("x: 1\u{85}y:\n  z: 2\n")
    #expect(nel.sections.map(\.title) == ["y"])
    #expect(nel.sections[0].span.lines == 1..<3)
    #expect(shown(nel.sections[0].content) == [["z: 2"]])
  }

  @Test("comments that end a block, indented as its keys, are the block's; others are not")
  func trailingComments() throws {
    let outline = try yaml(
      """
      jobs:
        build:
          steps:
            - uses: a
            # - uses: b

        # the lint job
        lint:
          steps:
            - run: x
      # the end
      """)
    #expect(
      outline.sections.map(\.title) == ["jobs", "build", "steps", "[0]", "lint", "steps", "[0]"])
    // The step commented out is the steps', after their one item; the comment before
    // lint, indented as jobs' keys, is jobs'.
    #expect(shown(outline.sections[2].content) == [["# - uses: b"]])
    #expect(outline.sections[2].content.map(\.position) == [1])
    #expect(shown(outline.sections[0].content) == [["# the lint job"]])
    #expect(shown(outline.content) == [["# the end"]])
  }

  @Test("a comment written less indented than the lines around it leaves their indent out")
  func lessIndentedComment() throws {
    let outline = try yaml(
      "spec:\n  replicas: 3\n# scaled by hand\n  paused: true\n    # deeper\n  selector:\n"
        + "    app: web\n")
    #expect(
      shown(outline.sections[0].content) == [
        ["replicas: 3", "# scaled by hand", "paused: true", "  # deeper"]
      ])
  }

  @Test("nothing, or only comments, is a document without sections")
  func empty() throws {
    #expect(try yaml("").sections.isEmpty)
    #expect(try yaml("").content.isEmpty)
    let comments = try yaml("# one\n\n# two\n")
    #expect(comments.sections.isEmpty)
    #expect(shown(comments.content) == [["# one", "", "# two"]])
  }
}
