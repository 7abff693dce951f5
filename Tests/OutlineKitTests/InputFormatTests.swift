import Testing

@testable import OutlineKit

@Suite("format detection")
struct InputFormatTests {
  @Test(
    "the format follows the extension, in any case: .json, .jsonl, .ndjson, .md, .markdown, .yaml, .yml",
    arguments: [
      ("a.json", InputFormat.json), ("logs.jsonl", .json), ("x.NDJSON", .json),
      ("README.md", .markdown),
      ("doc.markdown", .markdown), ("deploy.yaml", .yaml), (".github/workflows/ci.YML", .yaml),
    ])
  func byExtension(_ name: String, _ format: InputFormat) {
    #expect(InputFormat.guess(fileName: name) == format)
  }

  @Test(
    "a name ending .jsonl or .ndjson, in any case, is JSON Lines; a folder or a bare jsonl is not",
    arguments: [
      ("logs.jsonl", true), ("x.NDJSON", true), ("dir/a.ndjson", true), ("a.json", false),
      ("jsonl", false), ("a.jsonl/b", false), ("-", false),
    ])
  func jsonLinesByExtension(_ name: String, _ isJSONLines: Bool) {
    #expect(InputFormat.isJSONLines(fileName: name) == isJSONLines)
  }

  @Test(
    "no extension, or an unknown one, says nothing",
    arguments: ["Makefile", "notes.txt", "dir.json/file", "-"])
  func unknownExtension(_ name: String) {
    #expect(InputFormat.guess(fileName: name) == nil)
  }

  @Test(
    "by content: JSON when it starts with { or [ and goes on like JSON",
    arguments: [
      ("{\"a\": 1}", InputFormat.json), ("  \n[1, 2]", .json), ("\u{FEFF}{}", .json), ("[]", .json),
      ("[\"x\"]", .json), ("[true]", .json), ("[ null ]", .json), ("[-1]", .json), ("[[1]]", .json),
      ("# Title", .markdown), ("Some text", .markdown),
      ("[![build](https://x/badge.svg)](https://x)\n# Title", .markdown),
      ("[link]: https://example.org", .markdown), ("[note] text", .markdown),
      ("{% include header.html %}", .markdown), ("[nothing] here", .markdown),
    ])
  func byContent(_ text: String, _ format: InputFormat) {
    #expect(InputFormat.guess(content: Array(text.utf8), final: true) == format)
  }

  @Test(
    "by content: YAML when it parses and nests as a config does; not front matter, notes or a changelog",
    arguments: [
      ("a: 1\nb:\n  c: 2\n", InputFormat.yaml), ("# values\nimage:\n  tag: 1\n", .yaml),
      ("---\nkey: v\nnested:\n  a: 1\n", .yaml),
      (
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n---\nkind: Service\nspec:\n  x: 1\n",
        .yaml
      ),
      ("- name: build\n  run: make\n", .yaml), ("%YAML 1.2\n---\na:\n  b: 1\n", .yaml),
      // Flat pairs say too little: `Note: …` is as likely prose.
      ("a: 1", .markdown), ("---\nkey: v\n", .markdown),
      ("Note: build needs Swift 5.9\nWarning: slow\n\n# Setup\n\nSteps: see below\n", .markdown),
      // Front matter, followed by Markdown, even Markdown that reads as flat pairs.
      ("---\ntitle: x\n---\n# Heading\n\nText\n", .markdown),
      ("---\ntitle: x\n---\n\n- item\n", .markdown),
      ("---\ntitle: Post\n---\nStatus: draft\n\n# Heading\n\nBody text.\n", .markdown),
      ("---\ntitle: Post\n---\nStatus: draft\n\n# Heading\n", .markdown),
      // Prose, lists of lines and of one-key items, a setext heading, and YAML that does
      // not parse.
      ("# Title\n\nText here\n", .markdown), ("Note: this\nis prose\n", .markdown),
      ("- item one\n- item two\n", .markdown), ("Title\n---\n\nText\n", .markdown),
      ("- fix: crash on start\n- feat: dark mode\n\n## v1.2.0\n\n- fix: typo\n", .markdown),
      ("Hello", .markdown), ("a: b: c\n", .markdown), ("key: \"open\n", .markdown),
      ("a:\n  b: 1\nc d e\n", .markdown),
      // A config's first lines, and then a mistake: YAML, for its reader to say where.
      ("kind: Pod\nmetadata:\n  name: a\nspec:\n  x: 1\n y: 2\n", .yaml),
      ("- name: a\n  run: b\n- name: c\n- name: d\n  run: [\n", .yaml),
      // Front matter whose Markdown does not parse, and too little before an error.
      ("---\ntitle: x\nmeta:\n  a: 1\n---\nSome: text: here\n", .markdown),
      ("a:\n  b: 1\nc:\n  d: 1\ne f\n", .markdown),
      (
        "---\ntitle: x\nmeta:\n  a: 1\n---\nStatus: draft\nOwner: me\nTags: a\nSee: [docs\n",
        .markdown
      ),
      // A later document that is a config, or follows two, and then a mistake.
      (
        "---\nkind: A\nmetadata:\n  name: a\n---\nkind: B\nmetadata:\n  name: b\ndata:\n  a: [x\n  b: 1\n",
        .yaml
      ),
      ("kind: A\nspec:\n  x: 1\n---\nkind: B\nspec:\n  x: 1\n---\na: [\n", .yaml),
      // Markdown that opens with a rule, and a line that starts as a directive would.
      ("---\n\n# Project\n\nA tool: it does.\n\n---\n\nRun: it\nThen: [this\n", .markdown),
      ("%YAML is great\n\n# Heading\n", .markdown),
      // A directive is YAML's alone.
      ("%YAML 1.2\n---\na: [\n", .yaml), ("%TAG !e! tag:example.com,2000:\n--- text\n", .yaml),
    ])
  func yamlByContent(_ text: String, _ format: InputFormat) {
    #expect(InputFormat.guess(content: Array(text.utf8), final: true) == format)
    expectNoEarlyGuessDiffers(text)
  }

  @Test("by content: YAML is told from complete lines, and from the first 8 KiB of a long one")
  func yamlWindow() {
    #expect(InputFormat.guess(content: Array("a: 1\nb:".utf8)) == nil)
    // A window that is full is judged by its complete lines; a quoted string it cuts
    // short is no error.
    let long = "a:\n  b: 1\nc: \"" + String(repeating: "x ", count: 5000) + "\"\n"
    var sniffer = FormatSniffer()
    #expect(sniffer.format(of: Array(long.utf8), final: false) == .yaml)
    let prose = String(repeating: "Some words in a paragraph.\n", count: 400)
    var other = FormatSniffer()
    #expect(other.format(of: Array(prose.utf8), final: false) == .markdown)
  }

  @Test(
    "by content: a line that opens with [ is Markdown when what follows its brackets is not JSON",
    arguments: [
      "[1]: http://x\n\n# T\n", "[ ] todo\n# T\n", "[2024-01-01] notes\n", "[1.0.0] - 2024-01-01\n",
      "[1](https://example.org) is a link\n", "[ ]\ttodo", "[1] Intro", "[] nothing", "[1]foo",
      "[3]: <https://x> \"title\"\n", "[\"quoted\"] text\n", "[-] item\r\n", "[1] nu\n", "[1] nu",
      "  [2] see\n[1]: x\n",
    ])
  func bracketedMarkdown(_ text: String) {
    #expect(InputFormat.guess(content: Array(text.utf8), final: true) == .markdown)
    #expect(InputFormat.guess(content: Array((text + "\nmore").utf8)) == .markdown)
    expectNoEarlyGuessDiffers(text)
  }

  /// Checks that no start of `text` is taken for another format than the whole text.
  private func expectNoEarlyGuessDiffers(_ text: String) {
    let bytes = Array(text.utf8)
    let whole = InputFormat.guess(content: bytes, final: true)
    for length in 0..<bytes.count {
      let early = InputFormat.guess(content: bytes.prefix(length))
      #expect(early == nil || early == whole, "the first \(length) bytes")
    }
  }

  @Test(
    "by content: a line that opens with [ stays JSON when it is JSON, or broken JSON",
    arguments: [
      "[1,2]", "[ ]", "[\n {\"a\":1}\n]", "[{\"a\":1},]", "[{\"a\":1},]\n", "[1] 2\n", "[1]\n[2]\n",
      "[true] false", "[{\"a\":1}]]", "[1],[2]", "[1,] 2", "[\"a] b", "[{\"a\": \"x\"} {\"b\": 1}]",
      "[1, 2,\n 3]", "[{\"a\": [1, 2}]", "[{'a': 1}]", "[1] {\"a\":\n1}", "[\"x\"]  \n# T\n",
      "[" + String(repeating: "{\"k\": \"v\"}, ", count: 400) + "x]",
    ])
  func bracketedJSON(_ text: String) {
    #expect(InputFormat.guess(content: Array(text.utf8), final: true) == .json)
    expectNoEarlyGuessDiffers(text)
  }

  @Test("by content: a line that opens with [ is undecided until it ends or is long")
  func bracketedLineUndecided() {
    #expect(InputFormat.guess(content: Array("[1]".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("[1] x".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("[1]\n".utf8)) == .json)
    #expect(InputFormat.guess(content: Array("[1] x\n".utf8)) == .markdown)
    let long = "[" + String(repeating: "1,", count: 3000)
    #expect(InputFormat.guess(content: Array(long.utf8)) == .json)
  }

  @Test("by content, undecided until enough has arrived")
  func undecided() {
    #expect(InputFormat.guess(content: Array("   ".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("[".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("[tr".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("[tx".utf8)) == .markdown)
    #expect(InputFormat.guess(content: Array("   ".utf8), final: true) == .markdown)
    // The start of a byte order mark may still be followed by JSON.
    #expect(InputFormat.guess(content: [0xEF]) == nil)
    #expect(InputFormat.guess(content: [0xEF, 0xBB]) == nil)
    #expect(InputFormat.guess(content: [0xEF, 0xBB, 0xBF]) == nil)
    #expect(InputFormat.guess(content: [0xEF, 0xBB, 0xBF, 0x5B, 0x0A], final: true) == .json)
    #expect(InputFormat.guess(content: [0xEF, 0xBB], final: true) == .markdown)
    // No byte order mark, and no JSON: Markdown or YAML, told once the lines are here.
    #expect(InputFormat.guess(content: [0xEF, 0x41]) == nil)
    #expect(InputFormat.guess(content: [0xEF, 0x41], final: true) == .markdown)
  }
}
