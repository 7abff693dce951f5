/// The program's version.
let version = "0.1.0"

/// The text `--help` prints, made from the option table so that it lists every option.
func helpText() -> String {
  var text = """
    collapse — print Markdown or JSON as an outline of collapsible sections, with
    exactly the sections you choose expanded.

    Usage: collapse [OPTIONS] [FILE...]

    FILE '-' or none reads standard input. Several FILEs each become a top-level
    section titled by the file name.

    """
  for group in OptionSpec.Group.allCases {
    let specs = optionTable.filter { $0.group == group }
    guard !specs.isEmpty else { continue }
    text += "\n\(group.rawValue):\n"
    for spec in specs {
      let synopsis = "  " + spec.synopsis
      let padding = max(1, 26 - synopsis.count)
      text += synopsis + String(repeating: " ", count: padding) + spec.help + "\n"
    }
  }
  text += """

    NAMES match sections by title (case and white space ignored, markup stripped), by
    id (bay-of-bengal, overview-2), by a path of titles, JSON keys or indexes
    (Pacific/Coral, regions/0/seas), or by a /regex/ on titles (/regex/i ignores
    case). A NAME may match several sections.
    A heading ending in <!-- collapsed --> or <!-- expanded --> starts that way;
    options win.

    Examples:
      collapse README.md                       everything expanded, as a tree
      collapse --depth 2 CHANGELOG.md          the first two levels open
      collapse -e Pacific,Atlantic oceans.md   only these two open
      curl -s https://example.org/README.md | collapse --collapse-all --outline
      collapse -t html report.md > report.html
      collapse --depth 1 response.json         a JSON document's top level

    Exit status: 0 success; 1 an input could not be read or parsed (the others are
    still shown), or the output could not be written; 2 a bad command line, or a NAME
    that matches no section; 130 interrupted (SIGINT).

    """
  return text
}
