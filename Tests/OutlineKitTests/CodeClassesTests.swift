import Testing

@testable import OutlineKit

/// A fragment's fenced code, marked with GitHub's highlight classes for its host page's
/// style sheet, and otherwise exactly as cmark-gfm writes it.
@Suite("Code classes in a fragment")
struct CodeClassesTests {
  /// The fragment of `source`, every section open.
  private func fragment(_ source: String, highlights: Bool = true) throws -> String {
    var options = HTMLWriter.Options()
    options.highlightsCode = highlights
    return try html(markdown(source), SelectionRequest(base: .everything), options: options)
  }

  /// `html` without GitHub's highlight spans.
  private func unmarked(_ html: String) -> String {
    var text = html
    while let open = text.range(of: "<span class=\"pl-") {
      guard let end = text[open.upperBound...].range(of: "\">"),
        let close = text[end.upperBound...].range(of: "</span>")
      else { break }
      text.replaceSubrange(
        end.upperBound..<close.upperBound, with: text[end.upperBound..<close.lowerBound])
      text.removeSubrange(open.lowerBound..<end.upperBound)
    }
    return text
  }

  @Test(
    "keywords, names, strings, comments and numbers take GitHub's classes, escaped as cmark-gfm escapes"
  )
  func rust() throws {
    let source = """
      ```rust
      fn main() {
          let x = "a<b"; // one & two
          println!("{}", 42);
      }
      ```

      """
    #expect(
      try fragment(source) == """
        <pre><code class="language-rust"><span class="pl-k">fn</span> <span class="pl-en">main</span>() {
            <span class="pl-k">let</span> x = <span class="pl-s">&quot;a&lt;b&quot;</span>; <span class="pl-c">// one &amp; two</span>
            println!(<span class="pl-s">&quot;{}&quot;</span>, <span class="pl-c1">42</span>);
        }
        </code></pre>

        """)
  }

  @Test("a language is named in any case and by GitHub's other names for it")
  func names() throws {
    for name in ["Python", "PYTHON", "py", "python3"] {
      let html = try fragment("```\(name)\ndef f(): return 1\n```\n")
      #expect(
        html.contains("<span class=\"pl-k\">def</span> <span class=\"pl-en\">f</span>"), "\(name)")
      #expect(html.contains("<code class=\"language-\(name)\">"), "\(name)")
    }
    for name in ["c++", "cpp", "C#", "csharp", "golang", "go", "rust", "rs"] {
      let html = try fragment("```\(name) title=\"x\"\nreturn 0;\n```\n")
      #expect(html.contains("<span class=\"pl-k\">return</span>"), "\(name)")
    }
  }

  @Test("without the spans, the fragment is the one written with --no-highlight, byte for byte")
  func unmarkedIsPlain() throws {
    let source = """
      # Install

      ```bash
      echo $HOME "$PATH" # for 'collapse'
      ```

      - A list with code:

        ```json
        {"name": "x", "n": 3, "ok": true, "s": "<&>"}
        ```

      > ```diff
      > --- a
      > +++ b
      > @@ -1 +1 @@
      > -old
      > +new
      > ```

      A note.[^1]

      [^1]: With code:

          ```js
          const a = /x+/g; // "quoted"
          ```

      """
    let marked = try fragment(source)
    let plain = try fragment(source, highlights: false)
    #expect(marked != plain)
    #expect(unmarked(marked) == plain)
    #expect(!plain.contains("pl-"))
    // Each kind of block: shell variables, JSON keys, diff lines, the footnote's code.
    #expect(marked.contains("<span class=\"pl-smi\">$HOME</span>"))
    #expect(marked.contains("<span class=\"pl-ent\">&quot;name&quot;</span>"))
    #expect(marked.contains("<span class=\"pl-md\">-old</span>"))
    #expect(marked.contains("<span class=\"pl-mi1\">+new</span>"))
    #expect(marked.contains("<span class=\"pl-k\">const</span>"))
  }

  @Test("code with no language, an unknown one, or indented is as cmark-gfm writes it")
  func unknown() throws {
    let source = "```\nlet a = 1\n```\n\n```no-such-language\nlet a = 1\n```\n\n    let a = 1\n"
    let html = try fragment(source)
    #expect(!html.contains("<span"))
    #expect(html == (try fragment(source, highlights: false)))
  }

  @Test("a line longer than the highlighter reads in good time is left plain, the others not")
  func longLine() throws {
    let long = "{" + (0..<40).map { "\"key\($0)\": [1, \"v\", true]" }.joined(separator: ", ") + "}"
    #expect(long.utf8.count > 512)
    let html = try fragment("```json\n\(long)\n{\"short\": 1}\n```\n")
    let lines = html.split(separator: "\n")
    let longLine = try #require(lines.first { $0.contains("key39") })
    #expect(!longLine.contains("<span"))
    #expect(
      lines.contains(
        "{<span class=\"pl-ent\">&quot;short&quot;</span>: <span class=\"pl-c1\">1</span>}"))
  }

  @Test("code beside raw HTML keeps its classes through the sanitiser; other classes go")
  func sanitised() throws {
    let source = """
      - <b>bold</b> <span class="pl-k">kept</span> <span class="page">dropped</span>

        ```python
        return 1
        ```

      """
    let html = try fragment(source)
    #expect(html.contains("<span class=\"pl-k\">return</span> <span class=\"pl-c1\">1</span>"))
    #expect(
      html.contains(
        "<b>bold</b> <span class=\"pl-k\">kept</span> "
          + "<!-- collapse removed from span: class --><span>dropped</span>"))
  }

  @Test("a page colours its code with its script, and has no classes of GitHub's")
  func page() throws {
    let outline = markdown("# Code\n\n```rust\nfn main() {}\n```\n")
    var output = ""
    HTMLPage(fileName: "code.md").write(
      outline, selection: try Selection(outline: outline, request: SelectionRequest()), to: &output)
    #expect(output.contains("<code class=\"language-rust\">fn main() {}\n</code>"))
    #expect(!output.contains("pl-k"))
  }

  @Test("a run never ends inside a character: Source-highlight's byte rules take all of é")
  func wholeCharacters() throws {
    let source = "```sh\necho $é \"\\é\" café\n```\n"
    let html = try fragment(source)
    #expect(html.contains("<span class=\"pl-smi\">$é</span>"))
    #expect(html.contains("<span class=\"pl-cce\">\\é</span>"))
    #expect(!html.contains("\u{FFFD}"))
    #expect(unmarked(html) == (try fragment(source, highlights: false)))
  }

  @Test("the language ends where cmark-gfm ends it: a form feed is part of it")
  func languageWord() throws {
    let source = "```python\u{C}x\nimport os\n```\n"
    let html = try fragment(source)
    #expect(html == (try fragment(source, highlights: false)))
    #expect(html.contains("<code class=\"language-python\u{C}x\">import os"))
  }
}
