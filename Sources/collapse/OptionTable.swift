/// One command-line option: its names, its value, and the sentence `--help` shows.
struct OptionSpec {
  enum Group: String, CaseIterable {
    case input = "Input"
    case selection = "Choosing what is expanded"
    case output = "Output"
    case text = "Text output"
    case html = "HTML output"
    case information = "Information"
  }

  let long: String
  let short: Character?
  /// The value's placeholder in help, or nil for a flag.
  let value: String?
  let group: Group
  let help: String

  /// getopt's code for the short letter, if there is one; every option letter is ASCII.
  var shortCode: Int32? { short?.asciiValue.map(Int32.init) }

  /// The option as `--help` lists it: `-e, --expand NAMES`.
  var synopsis: String {
    let names = (short.map { "-\($0), " } ?? "    ") + "--" + long
    return value.map { "\(names) \($0)" } ?? names
  }
}

/// Every option collapse takes, in the order `--help` and the manual list them.
///
/// docs/collapse.1.md describes each at length; the first paragraph of its description
/// there is the sentence here, and a test keeps the two the same.
let optionTable: [OptionSpec] = [
  OptionSpec(
    long: "from", short: "f", value: "FORMAT", group: .input,
    help:
      "Read input as markdown (GitHub Flavored Markdown; gfm is the same), commonmark (strict, no extension) or json (default: by extension, else by how it starts)."
  ),
  OptionSpec(
    long: "title-key", short: nil, value: "KEY", group: .input,
    help:
      "Title JSON array elements and JSON Lines records by this member first, then by name, title and id."
  ),
  OptionSpec(
    long: "expand", short: "e", value: "NAMES", group: .selection,
    help: "Expand these sections and their ancestors; given alone, only these are open."),
  OptionSpec(
    long: "collapse", short: "c", value: "NAMES", group: .selection,
    help: "Collapse these sections, after everything else is applied."),
  OptionSpec(
    long: "only", short: nil, value: "NAMES", group: .selection,
    help:
      "Write only these sections, each with everything under it, as the top level; the other options apply within them."
  ),
  OptionSpec(
    long: "collapse-all", short: nil, value: nil, group: .selection,
    help: "Start with every section collapsed."),
  OptionSpec(
    long: "expand-all", short: nil, value: nil, group: .selection,
    help: "Start with every section expanded."),
  OptionSpec(
    long: "depth", short: "d", value: "N", group: .selection,
    help: "Start with the first N levels expanded (0 is --collapse-all)."),
  OptionSpec(
    long: "to", short: "t", value: "FORMAT", group: .output,
    help:
      "Write text (a tree for the terminal, the default), html (nested <details>), markdown (for GitHub) or json (the outline)."
  ),
  OptionSpec(
    long: "interactive", short: "i", value: nil, group: .output,
    help:
      "Fold the outline by hand in the terminal; on quitting, print the flags that reproduce the view."
  ),
  OptionSpec(
    long: "toc", short: nil, value: nil, group: .output,
    help: "Start html and markdown with a table of contents that links to every section."),
  OptionSpec(
    long: "toc-depth", short: nil, value: "N", group: .output,
    help: "List only the first N levels in the table of contents; implies --toc."),
  OptionSpec(
    long: "max-bytes", short: nil, value: "N", group: .output,
    help:
      "Keep html and markdown under N bytes (1M for GitHub job summaries): collapsed sections lose their content first, then sections go from the end, those named with --expand last, and the output starts by saying what went."
  ),
  OptionSpec(
    long: "unsafe", short: nil, value: nil, group: .output,
    help:
      "Keep raw HTML and javascript: links exactly as written in html, and in markdown titles, instead of sanitising them."
  ),
  OptionSpec(
    long: "outline", short: nil, value: nil, group: .output,
    help:
      "Write section titles only, each with what it holds, without their content: text, html or markdown."
  ),
  OptionSpec(
    long: "color", short: nil, value: "WHEN", group: .text,
    help: "Colour the tree: auto (on a terminal, unless NO_COLOR is set), always or never."),
  OptionSpec(
    long: "width", short: "w", value: "N", group: .text,
    help:
      "Cut lines wider than N columns with an ellipsis (default: the terminal's width; 0 for no limit)."
  ),
  OptionSpec(
    long: "ascii", short: nil, value: nil, group: .text,
    help: "Write only ASCII marks: + and - for ▸ and ▾, ... for the ellipsis."),
  OptionSpec(
    long: "standalone", short: "s", value: nil, group: .html,
    help: "Write a whole HTML page: title, inline style and script, nothing loaded from elsewhere."),
  OptionSpec(
    long: "embed-resources", short: nil, value: nil, group: .html,
    help:
      "Write the document's local images into the html as data: URLs, so that the output is one self-contained file."
  ),
  OptionSpec(
    long: "title", short: nil, value: "TEXT", group: .html,
    help: "Title the page (default: a Markdown document's one top-level title, else the file name)."
  ),
  OptionSpec(
    long: "lazy", short: nil, value: "WHEN", group: .html,
    help:
      "Lay out closed sections only when opened, and a long page as it is read: auto (for documents of 1 MiB or more), always or never."
  ),
  OptionSpec(
    long: "help", short: "h", value: nil, group: .information,
    help: "Show this help and exit."),
  OptionSpec(
    long: "version", short: "V", value: nil, group: .information,
    help: "Show the version, and those of cmark-gfm, yajl and utf8proc, and exit."),
]
