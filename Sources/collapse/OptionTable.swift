import OutlineKit

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
  /// Whether the command that shows everything is this one without the option, as for
  /// `--max-bytes`, whose output names that command for what it left out.
  var leftOutToShowEverything = false
  /// What the option does to the options parsed so far, given its value.
  let apply: @Sendable (_ options: inout Options, _ value: OptionValue) throws(UsageError) -> Void

  /// getopt's code for the short letter, if there is one; every option letter is ASCII.
  var shortCode: Int32? { short?.asciiValue.map(Int32.init) }

  /// The option as `--help` lists it: `-e, --expand NAMES`.
  var synopsis: String {
    let names = (short.map { "-\($0), " } ?? "    ") + "--" + long
    return value.map { "\(names) \($0)" } ?? names
  }
}

/// The formats `--from` takes, in words, from the registry: `markdown (GitHub Flavored
/// Markdown; gfm is the same), commonmark (strict, no extension), json or yaml`.
let formatChoices = InputFormat.inWords(
  InputFormat.registered.map { format in
    let definition = format.definition
    let notes =
      (definition.helpNote.map { [$0] } ?? [])
      + definition.names.dropFirst().map { "\($0) is the same" }
    return notes.isEmpty ? format.name : "\(format.name) (\(notes.joined(separator: "; ")))"
  }, joinedBy: "or")

/// The documents whose array elements `--title-key` titles, in words: `JSON and YAML`.
let titledFormats = InputFormat.inWords(
  InputFormat.registered.filter(\.definition.takesTitleKeys).map(\.documentName),
  joinedBy: "and")

/// Every option collapse takes, in the order `--help` and the manual list them.
///
/// docs/collapse.1.md describes each at length; the first paragraph of its description
/// there is the sentence here, and a test keeps the two the same.
let optionTable: [OptionSpec] = [
  OptionSpec(
    long: "from", short: "f", value: "FORMAT", group: .input,
    help:
      "Read input as \(formatChoices) (default: by extension, else by how it starts)."
  ) { options, value throws(UsageError) in
    options.from = InputFormat(name: try value.choice(among: InputFormat.names))
  },
  OptionSpec(
    long: "title-key", short: nil, value: "KEYS", group: .input,
    help:
      "Title \(titledFormats) array elements and JSON Lines records by these members first (a list with commas between), then by fullName, nodeid, address, name, title, Test, Package, filePath, ruleId and id."
  ) { options, value in
    // Tried in the order given, before the default keys.
    options.givenTitleKeys += value.text.split(separator: ",").map(String.init)
    options.titleKeys = TitleKeys(preferring: options.givenTitleKeys)
  },
  OptionSpec(
    long: "expand", short: "e", value: "NAMES", group: .selection,
    help: "Expand these sections and their ancestors; given alone, only these are open."
  ) { options, value in
    // Kept whole: a list is read against the titles before it is cut at its commas.
    if !SelectionRequest.names(in: value.text).isEmpty {
      options.selection.expand.append(value.text)
    }
    options.expandGiven = true
  },
  OptionSpec(
    long: "collapse", short: "c", value: "NAMES", group: .selection,
    help: "Collapse these sections, after everything else is applied."
  ) { options, value in
    if !SelectionRequest.names(in: value.text).isEmpty {
      options.selection.collapse.append(value.text)
    }
  },
  OptionSpec(
    long: "expand-matching", short: nil, value: "TEXT", group: .selection,
    help:
      "Expand the sections whose own content holds TEXT, or matches /REGEX/ (/REGEX/i ignores case), and their ancestors; given alone, only these are open."
  ) { options, value in
    if !value.text.isEmpty { options.selection.expandMatching.append(value.text) }
    options.expandGiven = true
  },
  OptionSpec(
    long: "collapse-matching", short: nil, value: "TEXT", group: .selection,
    help:
      "Collapse the sections whose own content holds TEXT, or matches /REGEX/, after --collapse."
  ) { options, value in
    if !value.text.isEmpty { options.selection.collapseMatching.append(value.text) }
  },
  OptionSpec(
    long: "expand-where", short: nil, value: "CONDITION", group: .selection,
    help:
      "Expand the objects and array elements of JSON or YAML whose members satisfy CONDITION, a JSONPath filter such as \"@.status == 'failed'\", and their ancestors; given alone, only these are open."
  ) { options, value in
    if value.text.contains(where: { !$0.isWhitespace }) {
      options.selection.expandWhere.append(value.text)
    }
    options.expandGiven = true
  },
  OptionSpec(
    long: "collapse-where", short: nil, value: "CONDITION", group: .selection,
    help:
      "Collapse the objects and array elements of JSON or YAML whose members satisfy CONDITION, last."
  ) { options, value in
    if value.text.contains(where: { !$0.isWhitespace }) {
      options.selection.collapseWhere.append(value.text)
    }
  },
  OptionSpec(
    long: "only", short: nil, value: "NAMES", group: .selection,
    help:
      "Write only these sections, each with everything under it, as the top level; the other options apply within them."
  ) { options, value in
    if !SelectionRequest.names(in: value.text).isEmpty { options.only.append(value.text) }
  },
  OptionSpec(
    long: "collapse-all", short: nil, value: nil, group: .selection,
    help: "Start with every section collapsed."
  ) { options, _ in
    options.selection.base = .nothing
  },
  OptionSpec(
    long: "expand-all", short: nil, value: nil, group: .selection,
    help: "Start with every section expanded."
  ) { options, _ in
    options.selection.base = .everything
  },
  OptionSpec(
    long: "depth", short: "d", value: "N", group: .selection,
    help: "Start with the first N levels expanded (0 is --collapse-all)."
  ) { options, value throws(UsageError) in
    options.selection.base = .depth(try value.count())
  },
  OptionSpec(
    long: "to", short: "t", value: "FORMAT", group: .output,
    help:
      "Write text (a tree for the terminal, the default), html (nested <details>), markdown (for GitHub; gfm is the same) or json (the outline)."
  ) { options, value throws(UsageError) in
    options.to = OutputFormat(name: try value.choice(among: OutputFormat.names)) ?? .text
    options.toGiven = true
  },
  OptionSpec(
    long: "output", short: "o", value: "FILE", group: .output,
    help:
      "Write to FILE instead of standard output, replacing it only when the run succeeds (- is standard output)."
  ) { options, value throws(UsageError) in
    guard !value.text.isEmpty else {
      throw UsageError(description: "invalid value '' for --output; expected a file name")
    }
    options.outputPath = value.text
  },
  OptionSpec(
    long: "interactive", short: "i", value: nil, group: .output,
    help:
      "Fold the outline by hand in the terminal; on quitting, print the flags that reproduce the view."
  ) { options, _ in
    options.interactive = true
  },
  OptionSpec(
    long: "toc", short: nil, value: nil, group: .output,
    help: "Start html and markdown with a table of contents that links to every section."
  ) { options, _ in
    options.output.document.tableOfContents = true
  },
  OptionSpec(
    long: "toc-depth", short: nil, value: "N", group: .output,
    help: "List only the first N levels in the table of contents; implies --toc."
  ) { options, value throws(UsageError) in
    options.output.document.tableOfContents = true
    options.output.document.tableOfContentsDepth = try value.count()
  },
  OptionSpec(
    long: "max-bytes", short: nil, value: "N", group: .output,
    help:
      "Keep html and markdown under N bytes (1M for GitHub job summaries): collapsed sections lose their content first, then sections go from the end, those --expand-matching matched next to last and those named with --expand last, and the output starts by saying what went.",
    leftOutToShowEverything: true
  ) { options, value throws(UsageError) in
    options.output.maxBytes = try value.byteCount()
  },
  OptionSpec(
    long: "source-url", short: nil, value: "BASE", group: .output,
    help:
      "Link each test's file and line in html and markdown to BASE/FILE#LLINE, BASE being the repository's files at a commit (https://github.com/OWNER/REPO/blob/COMMIT); a path that is absolute or holds .. stays text."
  ) { options, value throws(UsageError) in
    guard let links = SourceLinks(base: value.text) else {
      throw UsageError(
        description:
          "invalid value '\(value.text)' for --source-url; expected the http or https URL of the repository's files, without spaces, ? or #, such as https://github.com/OWNER/REPO/blob/COMMIT"
      )
    }
    options.output.document.sourceLinks = links
  },
  OptionSpec(
    long: "unsafe", short: nil, value: nil, group: .output,
    help:
      "Keep raw HTML and javascript: links exactly as written in html, and in markdown titles, instead of sanitising them."
  ) { options, _ in
    options.output.document.unsafe = true
  },
  OptionSpec(
    long: "outline", short: nil, value: nil, group: .output,
    help:
      "Write section titles only, each with what it holds, without their content: text, html or markdown."
  ) { options, _ in
    options.output.text.outline = true
    options.output.document.titlesOnly = true
  },
  OptionSpec(
    long: "color", short: nil, value: "WHEN", group: .text,
    help: "Colour the tree: auto (on a terminal, unless NO_COLOR is set), always or never."
  ) { options, value throws(UsageError) in
    options.color = try value.when()
  },
  OptionSpec(
    long: "render", short: nil, value: "WHEN", group: .text,
    help:
      "Draw Markdown as it reads, wrapped to the width, tables drawn and tags gone: auto (on a terminal), always or never (the source lines as written)."
  ) { options, value throws(UsageError) in
    options.render = try value.when()
  },
  OptionSpec(
    long: "hyperlinks", short: nil, value: "WHEN", group: .text,
    help:
      "Write the links of drawn Markdown as hyperlinks the terminal opens, rather than with their URL after them: auto (on a terminal known to open them), always or never."
  ) { options, value throws(UsageError) in
    options.hyperlinks = try value.when()
  },
  OptionSpec(
    long: "width", short: "w", value: "N", group: .text,
    help:
      "Cut lines wider than N columns with an ellipsis (default: the terminal's width; 0 for no limit; at most 1000)."
  ) { options, value throws(UsageError) in
    options.width = try value.count()
  },
  OptionSpec(
    long: "ascii", short: nil, value: nil, group: .text,
    help: "Write only ASCII marks: + and - for ▸ and ▾, ... for the ellipsis."
  ) { options, _ in
    options.output.text.ascii = true
  },
  OptionSpec(
    long: "standalone", short: "s", value: nil, group: .html,
    help: "Write a whole HTML page: title, inline style and script, nothing loaded from elsewhere."
  ) { options, _ in
    options.output.standalone = true
  },
  OptionSpec(
    long: "embed-resources", short: nil, value: nil, group: .html,
    help:
      "Write the document's local images into the html as data: URLs, so that the output is one self-contained file."
  ) { options, _ in
    options.embedResources = true
  },
  OptionSpec(
    long: "remote-images", short: nil, value: nil, group: .html,
    help:
      "Let a page show images from other hosts over https: the reader's browser then fetches them, and those hosts learn the page was opened."
  ) { options, _ in
    options.output.document.loadsRemoteImages = true
  },
  OptionSpec(
    long: "no-highlight", short: nil, value: nil, group: .html,
    help:
      "Leave fenced code uncoloured; by default, code marked with a language that highlight.js knows is coloured in GitHub's colours on a page, by the highlight.js Debian ships, written into it, and a fragment's code in a language GNU Source-highlight knows has GitHub's classes (pl-k, pl-s…) for the host page's style sheet."
  ) { options, _ in
    options.output.document.highlightsCode = false
  },
  OptionSpec(
    long: "title", short: nil, value: "TEXT", group: .html,
    help: "Title the page (default: a Markdown document's one top-level title, else the file name)."
  ) { options, value in
    options.output.title = value.text
  },
  OptionSpec(
    long: "lazy", short: nil, value: "WHEN", group: .html,
    help:
      "Lay out closed sections only when opened, and a long page as it is read: auto (for documents of 1 MiB or more), always or never."
  ) { options, value throws(UsageError) in
    options.output.lazy =
      OutputOptions.Lazy(
        rawValue: try value.choice(among: OutputOptions.Lazy.allCases.map(\.rawValue))) ?? .auto
    options.lazyGiven = true
  },
  OptionSpec(
    long: "help", short: "h", value: nil, group: .information,
    help: "Show this help and exit."
  ) { options, _ in
    options.showHelp = true
  },
  OptionSpec(
    long: "version", short: "V", value: nil, group: .information,
    help: "Show the version, and those of cmark-gfm, yajl, utf8proc and libxml2, and exit."
  ) { options, _ in
    options.showVersion = true
  },
]
