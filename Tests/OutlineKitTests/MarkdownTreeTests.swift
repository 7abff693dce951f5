import TestSupport
import Testing

@testable import OutlineKit

/// The Markdown blocks of each content run of `text`, in document order.
func markdownRuns(_ text: String) -> [MarkdownBlocks] {
  var runs: [MarkdownBlocks] = []
  markdown(text).walk(descend: { _ in true }) { step in
    guard case .content(let content, _) = step, case .markdown(let blocks) = content.body else {
      return
    }
    runs.append(blocks)
  }
  return runs
}

/// Each node of `tree` as its kind, indented two spaces a level.
func described(_ tree: MarkdownTree) -> [String] {
  tree.nodes.indices.map { index in
    var depth = 0
    var parent = Int(tree.nodes[index].parent)
    while parent >= 0 {
      depth += 1
      parent = Int(tree.nodes[parent].parent)
    }
    let kind: String
    switch tree.nodes[index].kind {
    case .block(let block): kind = "\(block)"
    case .inline(let inline): kind = "\(inline)"
    }
    return String(repeating: "  ", count: depth) + kind
  }
}

@Suite("Markdown frozen for drawing")
struct MarkdownTreeTests {
  @Test("blocks and inlines are copied out with what they hold, in pre-order")
  func kinds() throws {
    let source = """
      # T

      Some *em* **strong** ~~gone~~ `code` [link](https://x.org) ![alt *a*](i.png)\\
      next <b>tag</b>[^1]

      > [!WARNING]
      > Careful.

      > quote

      3) three
      4) four

      - [x] done
      - [ ] open

      | a | b |
      |:-:|--:|
      | 1 | 2 |

      ```swift info
      let x = 1
      ```

      <div>raw</div>

      ---

      [^1]: A note.
      """
    let runs = markdownRuns(source)
    let frozen = try #require(runs.last).frozen()
    let tree = described(frozen.blocks)
    #expect(tree.first?.hasPrefix("paragraph(html: Optional(") == true)
    #expect(
      Array(tree.dropFirst()) == [
        "  text(\"Some \")", "  emphasis", "    text(\"em\")", "  text(\" \")", "  strong",
        "    text(\"strong\")", "  text(\" \")", "  strikethrough", "    text(\"gone\")",
        "  text(\" \")", "  code(\"code\")", "  text(\" \")", "  link(url: \"https://x.org\")",
        "    text(\"link\")", "  text(\" \")", "  image(url: \"i.png\")", "    text(\"alt \")",
        "    emphasis", "      text(\"a\")", "  lineBreak", "  text(\"next \")", "  html(\"<b>\")",
        "  text(\"tag\")", "  html(\"</b>\")", "  footnoteReference(\"1\")",
        "alert(OutlineKit.AlertKind.warning)",
        "  paragraph(html: nil)", "    text(\"Careful.\")", "blockQuote", "  paragraph(html: nil)",
        "    text(\"quote\")",
        "list(OutlineKit.MarkdownList(start: Optional(3), parenthesis: true, isTight: true))",
        "  item(task: nil)", "    paragraph(html: nil)", "      text(\"three\")",
        "  item(task: nil)",
        "    paragraph(html: nil)", "      text(\"four\")",
        "list(OutlineKit.MarkdownList(start: nil, parenthesis: false, isTight: true))",
        "  item(task: Optional(OutlineKit.MarkdownBlock.TaskState.done))",
        "    paragraph(html: nil)",
        "      text(\"done\")", "  item(task: Optional(OutlineKit.MarkdownBlock.TaskState.open))",
        "    paragraph(html: nil)", "      text(\"open\")",
        "table(alignments: [OutlineKit.MarkdownBlock.TableAlignment.center, OutlineKit.MarkdownBlock.TableAlignment.right])",
        "  tableRow(isHeader: true)", "    tableCell(html: nil)", "      text(\"a\")",
        "    tableCell(html: nil)", "      text(\"b\")", "  tableRow(isHeader: false)",
        "    tableCell(html: nil)", "      text(\"1\")", "    tableCell(html: nil)",
        "      text(\"2\")", "codeBlock(code: \"let x = 1\\n\", info: \"swift info\")",
        "htmlBlock(\"<div>raw</div>\\n\")", "thematicBreak",
      ])
    // The paragraph holds raw HTML: its HTML as cmark-gfm renders it, raw HTML kept.
    guard case .block(.paragraph(let html?)) = frozen.blocks.nodes[0].kind else {
      Issue.record("the paragraph with tags has no HTML")
      return
    }
    let rendered = String(decoding: html, as: UTF8.self)
    #expect(rendered.hasPrefix("<p>Some <em>em</em>"))
    #expect(rendered.contains("next <b>tag</b>"))
    // The note the run refers to is frozen with the document's notes.
    #expect(frozen.notes.map(described) == [["paragraph(html: nil)", "  text(\"A note.\")"]])
  }

  @Test(
    "each alert is recognised as its kind, with GitHub's title and colour",
    arguments: [
      ("NOTE", AlertKind.note, "Note", TextStyle.Color.blue),
      ("tip", .tip, "Tip", .green), ("IMPORTANT", .important, "Important", .magenta),
      ("Warning", .warning, "Warning", .yellow), ("CAUTION", .caution, "Caution", .red),
    ])
  func alerts(_ marker: String, _ kind: AlertKind, _ title: String, _ color: TextStyle.Color)
    throws
  {
    let frozen = try #require(markdownRuns("> [!\(marker)]\n> Text.\n").first).frozen()
    guard case .block(.alert(let found)) = try #require(frozen.blocks.nodes.first).kind else {
      Issue.record("no alert for [!\(marker)]")
      return
    }
    #expect(found == kind)
    #expect(found.title == title)
    #expect(found.color == color)
  }

  @Test(
    "a block quote that is no alert stays a block quote",
    arguments: ["> [!DANGER]\n> x", "> [!NOTE]"])
  func notAlerts(_ source: String) throws {
    let frozen = try #require(markdownRuns(source).first).frozen()
    guard case .block(.blockQuote) = try #require(frozen.blocks.nodes.first).kind else {
      Issue.record("\(source) is not a block quote")
      return
    }
  }

  @Test("a document nested far deeper than a stack could recurse is frozen and walked")
  func deep() throws {
    let depth = 100_000
    let source = String(repeating: "> ", count: depth) + "deep\n"
    let tree = try #require(markdownRuns(source).first).frozen().blocks
    // Each quote, then the paragraph and its text.
    #expect(tree.nodes.count == depth + 2)
    #expect(Int(tree.nodes[depth + 1].parent) == depth)
    #expect(tree.nodes[0].end == Int32(depth + 2))
    var open = 0
    var deepest = 0
    var left = 0
    for step in MarkdownTree.Walk(tree) {
      if step.isEntering {
        if tree.hasChildren(step.index) { open += 1 }
        deepest = max(deepest, open)
      } else {
        open -= 1
        left += 1
      }
    }
    #expect(open == 0)
    #expect(deepest == depth + 1)
    #expect(left == depth + 1)
    guard case .inline(.text("deep")) = tree.nodes[depth + 1].kind else {
      Issue.record("the deepest node is not the text")
      return
    }
  }

  @Test("a walk under one node visits its descendants alone, and skips children when told")
  func walkUnder() throws {
    let tree = try #require(markdownRuns("- a *b*\n- c\n\nafter\n").first).frozen().blocks
    // list, item, paragraph, a, emphasis, b, item, paragraph, c, paragraph, after
    var steps: [String] = []
    var walk = MarkdownTree.Walk(tree, under: 0)
    while let step = walk.next() {
      steps.append("\(step.isEntering ? ">" : "<")\(step.index)")
      if step.isEntering, case .inline(.emphasis) = tree.nodes[step.index].kind {
        walk.skipChildren()
      }
    }
    #expect(steps == [">1", ">2", ">3", ">4", "<2", "<1", ">6", ">7", ">8", "<7", "<6"])
    #expect(Array(tree.children(of: nil)) == [0, 9])
    #expect(Array(tree.children(of: 0)) == [1, 6])
  }
}
