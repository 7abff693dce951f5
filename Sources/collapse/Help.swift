import OutlineKit

/// The program's version.
let version = "0.1.0"

/// The examples `--help` ends with; the manual's EXAMPLES section shows the same commands.
let helpExamples: [(command: String, comment: String)] = [
  ("collapse README.md", "everything expanded, as a tree"),
  ("collapse --depth 2 CHANGELOG.md", "the first two levels open"),
  ("collapse -e Pacific,Atlantic oceans.md", "only these two open"),
  ("collapse --expand-where \"@.status == 'failed'\" jest.json", "failed tests open"),
  ("collapse --expand-matching '/\\b(?i:error)\\b|\\bFAIL(ED)?\\b/' summary.md", ""),
  ("collapse -e configmap/argocd-cm install.yaml", "an object, as kubectl names it"),
  ("curl -s https://example.org/README.md | collapse --collapse-all --outline", ""),
  ("collapse -s -t html --toc --depth 1 -o report.html results.json", ""),
  ("collapse -t markdown --max-bytes 1M results.md >> \"$GITHUB_STEP_SUMMARY\"", ""),
  ("collapse -i CHANGELOG.md", "fold by hand; q prints the flags"),
  ("collapse --color=always -w \"$(tput cols)\" big.md | less -R", ""),
]

/// What collapse says when it is started with nothing to read: no FILE, and a terminal
/// on standard input.
let shortUsage = """
  Usage: collapse [OPTIONS] FILE...
     or: COMMAND | collapse [OPTIONS]
  collapse reads \(InputFormat.documentNamesInWords) from FILEs or standard input; see 'collapse --help'.

  """

/// The text `--help` prints: every option of the option table, in its group, with its
/// sentence, then examples. `man collapse` says the same at length.
func helpText() -> String {
  var text = """
    collapse — print \(InputFormat.documentNamesInWords) as an outline of collapsible
    sections, with exactly the sections you choose expanded.

    Usage: collapse [OPTIONS] [FILE...]

    FILE '-' or none reads standard input. Several FILEs each become a top-level
    section titled by the file name.

    """
  for group in OptionSpec.Group.allCases {
    let specs = optionTable.filter { $0.group == group }
    guard !specs.isEmpty else { continue }
    text += "\n\(group.rawValue):\n"
    for spec in specs {
      text += hangingIndent("  " + spec.synopsis, spec.help)
    }
  }
  text += """

    NAMES match sections by title (case ignored, white space folded, markup
    stripped), by id (bay-of-bengal, overview-2), by a path of titles, JSON keys
    or indexes (Pacific/Coral, regions/0/seas), or by a /regex/ on titles
    (/regex/i ignores case; every /regex/ is PCRE2's syntax, Perl's, with
    ASCII's \\d \\w \\s \\b unless it starts with (*UCP)). A whole title wins,
    commas and slashes included; otherwise commas separate NAMEs and slashes
    steps. \\, and \\/ escape them, and a step in double quotes is literal:
    paths/"/pets/{petId}"/get. NAME/** adds everything under it. A NAME may match
    several sections; #id matches only the one with that id. A heading ending in
    <!-- collapsed --> or <!-- expanded --> starts that way, unless --expand-all,
    --collapse-all, --depth, --expand, --expand-matching or --expand-where sets
    every start.

    In the -i view, ? lists the keys; q quits and prints the flags that give the
    view, to pass to collapse again.

    Examples:

    """
  for example in helpExamples {
    text += "  " + example.command
    if !example.comment.isEmpty {
      let padding = max(2, 43 - example.command.count)
      text += String(repeating: " ", count: padding) + example.comment
    }
    text += "\n"
  }
  text += """

    Exit status: 0 success; 1 an input could not be read or parsed (the others
    are still shown), the output could not be written or cannot fit --max-bytes;
    2 a bad command line, or a NAME that matches no section; 130 interrupted.

    See 'man collapse' for the whole manual.

    """
  return text
}

/// The column at which option sentences start.
private let sentenceColumn = 26
/// The width help is wrapped to, for an 80-column terminal.
private let helpWidth = 80

/// `label` with `sentence` beside it from `sentenceColumn` on, wrapped at word breaks
/// to `helpWidth` columns with its later lines starting at that column.
private func hangingIndent(_ label: String, _ sentence: String) -> String {
  var text = label
  var column = label.count
  if column >= sentenceColumn - 1 {
    text += "\n"
    column = 0
  }
  var lineIsEmpty = true
  for word in sentence.split(separator: " ") {
    if !lineIsEmpty && column + 1 + word.count > helpWidth {
      text += "\n"
      column = 0
      lineIsEmpty = true
    }
    if lineIsEmpty {
      text += String(repeating: " ", count: sentenceColumn - column)
      column = sentenceColumn
    } else {
      text += " "
      column += 1
    }
    text += word
    column += word.count
    lineIsEmpty = false
  }
  return text + "\n"
}
