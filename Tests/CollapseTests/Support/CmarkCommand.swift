import Foundation

/// The `cmark-gfm` command, GitHub's own renderer, which collapse's Markdown is checked
/// against. `make test` installs it; tests that need it ask `requireTool("cmark-gfm")`.
enum CmarkCommand {
  /// The extensions GitHub Flavored Markdown turns on, as the command names them.
  static let gfmExtensions = ["table", "strikethrough", "autolink", "tasklist", "footnotes"]

  /// The command's HTML for `markdown`: GitHub Flavored Markdown unless `commonmark`, raw
  /// HTML kept when `unsafe`.
  static func html(_ markdown: String, unsafe: Bool = false, commonmark: Bool = false) throws
    -> String
  {
    try run(Data(markdown.utf8), ["--to", "html"], unsafe: unsafe, commonmark: commonmark)
  }

  /// The command's output for `input` with `arguments`, and the dialect's extensions.
  static func run(_ input: Data, _ arguments: [String], unsafe: Bool, commonmark: Bool) throws
    -> String
  {
    var all = arguments
    if !commonmark { all += gfmExtensions.flatMap { ["-e", $0] } }
    if unsafe { all.append("--unsafe") }
    let result = try runTool("cmark-gfm", all, input: input)
    guard result.status == 0 else {
      throw Mismatch(description: "cmark-gfm \(all) failed: \(result.errors)")
    }
    return result.output
  }
}
