import CCmarkHighlight
import Testing

@testable import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The render's hook knows no highlighter: it writes the runs of the one it is handed.
@Suite("The render's code hook")
struct CodeHighlighterTests {
  /// The class of every run: a literal, kept for the life of the program and ended by a
  /// NUL byte, as C reads it.
  static let className: StaticString = "pl-whole"

  /// Knows only `four`-letter languages, and makes each block one run of `pl-whole`.
  struct WholeBlocks: CodeHighlighter {
    func withHook<Result>(_ body: (UnsafePointer<collapse_code_highlighter>?) -> Result)
      -> Result
    {
      var hook = collapse_code_highlighter(
        context: nil,
        knows: { _, _, length in length == 4 ? 1 : 0 },
        runs: { _, _, _, _, length, runs in
          guard let runs,
            let run = malloc(MemoryLayout<collapse_code_run>.stride)?.assumingMemoryBound(
              to: collapse_code_run.self)
          else { return -1 }
          run.pointee = collapse_code_run(
            length: length,
            class_name: UnsafeRawPointer(CodeHighlighterTests.className.utf8Start)
              .assumingMemoryBound(to: CChar.self))
          runs.pointee = run
          return 1
        })
      return withUnsafePointer(to: &hook) { body($0) }
    }
  }

  /// The HTML of the document's first blocks, rendered with `highlighter`.
  private func rendered(_ source: String, _ highlighter: (any CodeHighlighter)?) throws -> String {
    let document = try #require(markdown(source).documents.first)
    let part = try #require(
      document.order.first {
        if case .blocks = $0 { return true }
        return false
      })
    var html = ""
    document.render(part, unsafe: false, highlighter: highlighter) {
      html = String(decoding: $0, as: UTF8.self)
    }
    return html
  }

  @Test(
    "blocks in a language the highlighter knows are written in its runs, the others as cmark-gfm writes them"
  )
  func hook() throws {
    let source = "```rust\nfn <a>\n```\n\n```go\nfunc\n```\n"
    #expect(
      try rendered(source, WholeBlocks()) == """
        <pre><code class="language-rust"><span class="pl-whole">fn &lt;a&gt;
        </span></code></pre>
        <pre><code class="language-go">func
        </code></pre>

        """)
    let plain = try rendered(source, nil)
    #expect(!plain.contains("<span"))
    #expect(
      plain
        == (try rendered(source, WholeBlocks())).replacing(
          "<span class=\"pl-whole\">", with: ""
        ).replacing("</span>", with: ""))
  }
}
