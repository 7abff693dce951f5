import Foundation
import Testing

@testable import OutlineKit
@testable import collapse

@Suite("help and manual")
struct ManualTests {
  /// Each option of the option table as the manual and `--help` should show it.
  let table = optionTable.map {
    Manual.Option(
      group: $0.group.rawValue, synopsis: $0.synopsis.trimmingCharacters(in: .whitespaces),
      sentence: $0.help)
  }

  @Test(
    "the manual describes every option, in the table's groups and order, with its sentence",
    .needs("cmark-gfm"))
  func manualMatchesTable() throws {
    guard requireTool("cmark-gfm") else { return }
    let manual = try Manual()
    #expect(manual.options == table)
    #expect(manual.options.count == optionTable.count)
  }

  @Test("--help lists every option in its group with the manual's sentence", .needs("cmark-gfm"))
  func helpMatchesManual() throws {
    guard requireTool("cmark-gfm") else { return }
    let result = try runBinary(["--help"])
    #expect(result.status == 0)
    #expect(result.errors == "")
    let listed = helpOptions(result.output)
    #expect(listed == (try Manual().options))
    #expect(Set(listed.map(\.group)).count == OptionSpec.Group.allCases.count)
    #expect(try runBinary(["-h"]) == result)
  }

  @Test("--help and the manual show the same examples", .needs("cmark-gfm"))
  func examples() throws {
    guard requireTool("cmark-gfm") else { return }
    let manual = try Manual()
    #expect(manual.examples == helpExamples.map(\.command))
    let help = try runBinary(["--help"]).output
    let shown = help.components(separatedBy: "\nExamples:\n")[1].components(separatedBy: "\n\n")[0]
    #expect(shown.split(separator: "\n").count == helpExamples.count)
    for example in helpExamples { #expect(shown.contains("  " + example.command)) }
  }

  @Test("--help, the manual and the code follow one rule for a document's hints")
  func hintRule() throws {
    let words = { (text: String) in
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    let help = words(try runBinary(["--help"]).output)
    let helpList = try #require(
      help.firstMatch(of: /starts that way, unless (.*?) sets every start/))
    let manual = words(
      try String(
        contentsOf: packageRoot.appendingPathComponent("docs/collapse.1.md"), encoding: .utf8))
    let manualList = try #require(
      manual.firstMatch(of: /set the base only when no option does: (.*?) each set every section/))
    let options = { (list: Substring) in Set(list.matches(of: /--[a-z-]+/).map { String($0.0) }) }
    let setters: Set = [
      "--expand-all", "--collapse-all", "--depth", "--expand", "--expand-matching",
      "--expand-where",
    ]
    #expect(options(helpList.1) == setters)
    #expect(options(manualList.1).subtracting(["--collapse"]) == setters)

    // Each of them gives a document with hints the view it gives the document without.
    let hinted =
      "# A <!-- collapsed -->\n## B <!-- expanded -->\ntext\n# C <!-- expanded -->\n## D\nmore\n"
    let plain = "# A\n## B\ntext\n# C\n## D\nmore\n"
    let arguments = [
      "--expand-all": ["--expand-all"], "--collapse-all": ["--collapse-all"],
      "--depth": ["--depth", "1"], "--expand": ["--expand", "A"],
      "--expand-matching": ["--expand-matching", "text"],
      "--expand-where": ["--expand-where", "@.none"],
    ]
    for option in setters {
      let flags = try #require(arguments[option])
      #expect(
        try runBinary(flags, input: Data(hinted.utf8)).output
          == (try runBinary(flags, input: Data(plain.utf8)).output), "\(option)")
    }
    // Without them the hints count, with --collapse too.
    for flags in [[], ["--collapse", "D"]] {
      #expect(
        try runBinary(flags, input: Data(hinted.utf8)).output
          != (try runBinary(flags, input: Data(plain.utf8)).output), "\(flags)")
    }
  }

  @Test("--help fits an 80-column terminal")
  func helpWidth() throws {
    let help = try runBinary(["--help"]).output
    for line in help.split(separator: "\n") {
      #expect(DisplayWidth.columns(of: line) <= 80, "\(line)")
    }
  }

  @Test(
    "the manual has the sections of a man page and tells of NO_COLOR and COLUMNS",
    .needs("cmark-gfm"))
  func sections() throws {
    guard requireTool("cmark-gfm") else { return }
    let manual = try Manual()
    #expect(
      manual.sections == [
        "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "NAMES", "OUTPUT", "RAW HTML",
        "INTERACTIVE VIEW", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO",
      ])
    let text = try String(contentsOf: Manual.source, encoding: .utf8)
    for name in ["NO_COLOR", "COLUMNS", "TERM"] { #expect(text.contains("**\(name)**")) }
  }

  @Test("the manual describes each key of the interactive view that ? lists, and no other")
  func keys() throws {
    let text = try String(contentsOf: Manual.source, encoding: .utf8)
    let keys = text.components(separatedBy: "\n## Keys\n")[1].components(separatedBy: "\n## ")[0]
    let described = keys.split(separator: "\n").filter { $0.hasPrefix("**") }.map(String.init)
    let listed = InteractiveView.keys.map { entry in
      entry.keys == "1 to 9"
        ? "**1** to **9**"
        : entry.keys.components(separatedBy: ", ").map { "**\($0)**" }.joined(separator: ", ")
    }
    #expect(described == listed)
  }

  @Test(
    "man renders the page without a warning, and it says what --help says",
    .needs("make", "cmark-gfm", "man"))
  func rendered() throws {
    guard requireTool("make"), requireTool("cmark-gfm"), requireTool("man") else { return }
    let made = try runTool("make", ["--no-print-directory", "-s", "man"])
    #expect(made.status == 0, "\(made.errors)")
    var environment = testEnvironment
    environment["MANWIDTH"] = "80"
    environment["LC_ALL"] = "C.UTF-8"
    let page = try runTool(
      "man", ["--warnings=all", "--nh", "--nj", "-l", ".build/collapse.1"], environment: environment
    )
    #expect(page.status == 0)
    #expect(page.errors == "")
    #expect(page.output.hasPrefix("COLLAPSE(1)"))
    #expect(page.output.contains("collapse \(collapse.version)"))
    // Words as the reader sees them, whatever the line breaks.
    let words = page.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for option in table {
      #expect(words.contains(option.synopsis + " " + option.sentence), "\(option)")
    }
    for group in OptionSpec.Group.allCases {
      #expect(page.output.contains("\n   \(group.rawValue)\n"), "\(group)")
    }
    for example in helpExamples { #expect(page.output.contains(example.command)) }
  }
}

@Suite("the manual's RAW HTML section")
struct ManualAllowlistTests {
  /// The text of the manual's RAW HTML section, from its source.
  static func rawHTMLSection() throws -> String {
    let source = try String(contentsOf: Manual.source, encoding: .utf8)
    let start = try #require(source.range(of: "\n# RAW HTML\n")).upperBound
    let end = try #require(source.range(of: "\n# ", range: start..<source.endIndex)).lowerBound
    return String(source[start..<end])
  }

  @Test("it lists every element kept and every element removed with what it holds")
  func elements() throws {
    let section = try Self.rawHTMLSection()
    let kept = try #require(section.range(of: "Kept elements:"))
    let attributes = try #require(section.range(of: "Kept attributes:"))
    let keptText = section[kept.upperBound..<attributes.lowerBound]
    for name in HTMLAllowlist.elements.keys where !(name.count == 2 && name.hasPrefix("h")) {
      #expect(keptText.contains("`\(name)`"), "\(name) is kept but not listed")
    }
    #expect(keptText.contains("`h1` to `h6`"))
    for (old, new) in HTMLAllowlist.renamed {
      #expect(keptText.contains("`\(old)`") && keptText.contains("`\(new)`"))
    }
    let removed = try #require(section.range(of: "Removed with what they hold:"))
    let removedText = section[removed.upperBound...]
    for name in HTMLAllowlist.removedWhole {
      #expect(removedText.contains("`\(name)`"), "\(name) is removed but not listed")
    }
  }

  @Test("it lists each element's attributes and the URL schemes")
  func attributes() throws {
    let section = try Self.rawHTMLSection()
    let start = try #require(section.range(of: "Kept attributes:")).upperBound
    let end = try #require(section.range(of: "URLs:")).lowerBound
    let text = section[start..<end]
    for attribute in HTMLAllowlist.globalAttributes {
      #expect(text.contains("`\(attribute)`"), "\(attribute)")
    }
    for (element, rule) in HTMLAllowlist.elements {
      for attribute in rule.attributes {
        #expect(text.contains("`\(attribute)`"), "\(element): \(attribute)")
      }
    }
    for (attribute, schemes) in HTMLAllowlist.urlSchemes {
      for scheme in schemes where !scheme.isEmpty {
        #expect(section.contains("`\(scheme):`"), "\(attribute): \(scheme)")
      }
    }
    for type in HTMLAllowlist.dataImageTypes {
      #expect(section.contains("`\(type)`"), "\(type)")
    }
  }
}
