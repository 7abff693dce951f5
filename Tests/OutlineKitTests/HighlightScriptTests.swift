import Testing

@testable import OutlineKit

@Suite("highlight.js for a page's code")
struct HighlightScriptTests {
  /// A bundle shaped as Debian's is: the core, then one registration for each language.
  static let bundle = """
    var hljs=function(){return{registerLanguage:function(name,language){}}}();\
    hljs.registerLanguage("bash",function(hljs){return{aliases:["sh","zsh"],contains:[]}});\
    hljs.registerLanguage("shell",function(hljs){return{aliases:["console"],contains:[{subLanguage:"bash"}]}});\
    hljs.registerLanguage("xml",function(hljs){return{aliases:["html","SVG"],contains:[{subLanguage:["css","javascript"]}]}});\
    hljs.registerLanguage("css",function(hljs){return{contains:[]}});\
    hljs.registerLanguage("javascript",function(hljs){return{aliases:["js"],contains:[{aliases:["not-one"]}]}});\
    hljs.registerLanguage("rust",function(hljs){return{aliases:["rs"]}});\
    hljs.registerLanguage("cpp",function(hljs){return{aliases:["c","h"]}});\
    hljs.registerLanguage("arduino",function(hljs){var CPP=hljs.requireLanguage("cpp").exports;return{}});
    """

  /// The registration of the language `name` in `bundle`.
  static func registration(_ name: String) -> String {
    guard let start = bundle.firstRange(of: "hljs.registerLanguage(\"\(name)\"")?.lowerBound
    else { return "" }
    let rest = bundle[bundle.index(after: start)...]
    let end = rest.firstRange(of: "hljs.registerLanguage(")?.lowerBound ?? bundle.endIndex
    return String(bundle[start..<end])
  }

  private func registered(_ script: String?) -> [String] {
    guard let script else { return [] }
    return script.ranges(of: "hljs.registerLanguage(\"").map { range in
      String(script[range.upperBound...].prefix { $0 != "\"" })
    }
  }

  @Test("a bundle is cut into its core and languages, each known by its aliases")
  func cut() throws {
    let bundle = try #require(HighlightScript(bundle: Array(Self.bundle.utf8)))
    #expect(
      bundle.core == "var hljs=function(){return{registerLanguage:function(name,language){}}}();")
    #expect(
      bundle.languages.map(\.name) == [
        "bash", "shell", "xml", "css", "javascript", "rust", "cpp", "arduino",
      ])
    #expect(bundle.language(named: "sh") == "bash")
    #expect(bundle.language(named: "RS") == "rust")
    #expect(bundle.language(named: "svg") == "xml")
    // Only a language's own aliases: not a mode's inside it.
    #expect(bundle.language(named: "not-one") == nil)
    #expect(bundle.languages[2].embedded == ["css", "javascript"])
    #expect(bundle.languages[1].embedded == ["bash"])
    // A language built on another needs it.
    #expect(bundle.languages[7].embedded == ["cpp"])
    #expect(HighlightScript(bundle: Array("var hljs = {};".utf8)) == nil)
    // A bundle that would end the page's script element early is not used.
    let closing = Self.bundle + "hljs.registerLanguage(\"x\",function(){return{c:\"</SCRIPT>\"}});"
    #expect(HighlightScript(bundle: Array(closing.utf8)) == nil)
    #expect(HighlightScript(bundle: Array((Self.bundle + "/* </scrip */").utf8)) != nil)
  }

  @Test("a page's script holds the languages its code is in, with those they embed, in order")
  func script() throws {
    let bundle = try #require(HighlightScript(bundle: Array(Self.bundle.utf8)))
    #expect(registered(bundle.script(for: ["rs"])) == ["rust"])
    #expect(registered(bundle.script(for: ["console", "RUST"])) == ["bash", "shell", "rust"])
    #expect(registered(bundle.script(for: ["html"])) == ["xml", "css", "javascript"])
    #expect(registered(bundle.script(for: ["arduino"])) == ["cpp", "arduino"])
    #expect(bundle.script(for: ["nosuchlang", ""]) == nil)
    let script = try #require(bundle.script(for: ["js"]))
    // highlight.js goes into colouring.js, in the function that returns it.
    let (before, after) = HighlightScript.colouring
    #expect(before.contains("new Worker(") && after.contains("return hljs;"))
    #expect(script == before + bundle.core + "\n" + Self.registration("javascript") + "\n" + after)
  }

  @Test("a page's code languages are its fences' first words, not indented code's")
  func codeLanguages() {
    let outline = markdown(
      "Intro\n\n```rust ignore\nfn main() {}\n```\n\n# A\n\n- item\n\n  ~~~JS\n  x\n  ~~~\n\n    indented\n\n```\nnone\n```\n"
    )
    #expect(outline.documents[0].codeLanguages() == ["rust", "JS"])
    #expect(markdown("# A\n\n`code`\n").documents[0].codeLanguages().isEmpty)
  }
}
