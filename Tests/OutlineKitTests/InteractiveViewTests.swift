import TestSupport
import Testing

@testable import OutlineKit

/// `text` without its SGR escape sequences.
private func plain(_ text: String) -> String {
  text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
}

@Suite("interactive view")
struct InteractiveViewTests {
  static var document: Outline {
    markdown(
      """
      # Oceans
      The seas.
      ## Pacific
      The largest.
      ### Coral
      Reef.
      ### South China
      ## Atlantic
      ### Sargasso
      ## Indian
      """)
  }

  /// A view of `document` on a 40 by 8 screen: 7 rows of outline and a status line.
  private func view(
    _ outline: Outline = document, _ request: SelectionRequest = SelectionRequest(),
    options: TextWriter.Options = TextWriter.Options(), columns: Int = 40, rows: Int = 8
  ) throws -> InteractiveView {
    InteractiveView(
      outline: outline, selection: try Selection(outline: outline, request: request),
      options: options, columns: columns, rows: rows)
  }

  /// Presses each key in turn; every key but the last must let the view go on.
  @discardableResult
  private func press(_ view: inout InteractiveView, _ keys: Key...) -> InteractiveView.Outcome {
    var outcome = InteractiveView.Outcome.proceed
    for key in keys {
      #expect(outcome == .proceed)
      outcome = view.press(key)
    }
    return outcome
  }

  /// The screen's lines without styles, trailing spaces dropped.
  private func lines(_ view: InteractiveView) -> [String] {
    view.screen().map { line in
      var text = plain(line)
      while text.hasSuffix(" ") { text.removeLast() }
      return text
    }
  }

  /// The title of the section under the cursor.
  private func cursorTitle(_ view: InteractiveView) -> String? {
    view.cursorSection.map { view.outline.sections[$0].title }
  }

  /// The line the cursor is on, found by its inverse video.
  private func highlighted(_ view: InteractiveView) -> [String] {
    view.screen().dropLast().filter { $0.contains("\u{1B}[7m") }.map(plain)
  }

  @Test("it opens on the top of the output with the cursor on the first section")
  func opening() throws {
    let view = try view()
    #expect(
      lines(view) == [
        "▾ Oceans", "  The seas.", "  ▾ Pacific", "    The largest.", "    ▾ Coral", "      Reef.",
        "    ▾ South China", " Oceans" + String(repeating: " ", count: 13) + "Top  ? keys  q quit",
      ])
    #expect(highlighted(view) == ["▾ Oceans"])
    // The status line is in inverse video across the whole width.
    #expect(view.screen().last!.hasPrefix("\u{1B}[7m"))
    #expect(plain(view.screen().last!).count == 40)
  }

  @Test("j and k move between section lines, scrolling as little as it takes")
  func moving() throws {
    var view = try view()
    press(&view, .character("j"))
    #expect(cursorTitle(view) == "Pacific")
    press(&view, .down, .control("n"))
    #expect(cursorTitle(view) == "South China")
    #expect(view.top == 0)
    press(&view, .character("j"))
    #expect(cursorTitle(view) == "Atlantic")
    #expect(view.top == 1)
    #expect(lines(view).first == "  The seas.")
    #expect(highlighted(view) == ["  ▾ Atlantic"])
    press(&view, .character("j"), .character("j"), .character("j"))
    #expect(cursorTitle(view) == "Indian")
    #expect(view.top == 3)
    press(&view, .character("k"), .up, .control("p"))
    #expect(cursorTitle(view) == "South China")
    #expect(view.top == 3)
    press(&view, .character("k"))
    #expect(cursorTitle(view) == "Coral")
    #expect(view.top == 3)
    press(&view, .character("k"))
    #expect(cursorTitle(view) == "Pacific")
    #expect(view.top == 2)
    #expect(lines(view).first == "  ▾ Pacific")
  }

  @Test("before the first section is in sight, j scrolls and the folding keys only show it")
  func textBeforeTheFirstSection() throws {
    let preamble = (1...12).map { "Line \($0) of the text before any heading.\n\n" }.joined()
    let outline = markdown(preamble + "# First\nIts text.\n# Second\n")
    /// The text takes a third of the screen the view opens on, which does not fold it; the
    /// screen is then made smaller, and g goes to its top.
    func shrunk() throws -> InteractiveView {
      var shrunk = try self.view(outline, rows: 80)
      #expect(!shrunk.preambleFolds)
      shrunk.resize(columns: 40, rows: 8)
      press(&shrunk, .character("g"))
      return shrunk
    }
    for key: Key in [.character(" "), .enter, .character("l"), .character("h")] {
      var view = try shrunk()
      // It shows the text, the cursor on the first section, out of sight below.
      #expect(view.top == 0)
      #expect(lines(view).first == "Line 1 of the text before any heading.")
      #expect(cursorTitle(view) == "First")
      #expect(highlighted(view).isEmpty)
      let expanded = { (view: InteractiveView) in
        view.outline.sections.indices.map(view.selection.isExpanded)
      }
      let before = expanded(view)
      press(&view, key)
      #expect(expanded(view) == before, "\(key) changed a section out of sight")
      #expect(highlighted(view) == ["▾ First"], "\(key)")
      // In sight, the same key folds.
      press(&view, key == .character("l") ? .character("h") : key)
      #expect(expanded(view) != before, "\(key)")
    }
    var view = try shrunk()
    press(&view, .character("j"))
    #expect(view.top == 1)
    #expect(cursorTitle(view) == "First")
    press(&view, .pageDown, .character("g"))
    #expect(view.top == 0)
    #expect(highlighted(view).isEmpty)
  }

  @Test("Space and Enter expand and collapse the section under the cursor")
  func toggling() throws {
    var view = try view()
    press(&view, .character("j"), .character(" "))
    #expect(
      lines(view).prefix(5) == [
        "▾ Oceans", "  The seas.", "  ▸ Pacific  (2 sections, 2 lines)", "  ▾ Atlantic",
        "    ▾ Sargasso",
      ])
    #expect(highlighted(view) == ["  ▸ Pacific  (2 sections, 2 lines)"])
    press(&view, .enter)
    #expect(lines(view)[2...4] == ["  ▾ Pacific", "    The largest.", "    ▾ Coral"])
    #expect(cursorTitle(view) == "Pacific")
  }

  @Test("a section expanded on the last row scrolls into sight, as much of it as fits")
  func expandingAtTheBottom() throws {
    // Three rows of outline: Oceans opened, the cursor on Atlantic, the last of them.
    var view = try view(Self.document, SelectionRequest(base: .nothing), rows: 4)
    press(&view, .character(" "), .character("j"), .character("j"))
    let shown = { (view: InteractiveView) in
      lines(view).prefix(3).map { $0.components(separatedBy: "  (")[0] }
    }
    #expect(shown(view) == ["  The seas.", "  ▸ Pacific", "  ▸ Atlantic"])
    press(&view, .character(" "))
    #expect(shown(view) == ["  ▸ Pacific", "  ▾ Atlantic", "    ▸ Sargasso"])
    #expect(cursorTitle(view) == "Atlantic")
    // Pacific, on the last row, is taller than the screen: its title goes to the top.
    press(&view, .character("g"), .character("j"))
    #expect(shown(view) == ["▾ Oceans", "  The seas.", "  ▸ Pacific"])
    press(&view, .enter)
    #expect(shown(view) == ["  ▾ Pacific", "    The largest.", "    ▸ Coral"])
    #expect(cursorTitle(view) == "Pacific")
    // Collapsing scrolls nothing.
    press(&view, .character(" "))
    #expect(view.top == 2)
  }

  @Test("l expands, then goes to the first subsection; h collapses, then goes to the parent")
  func leftAndRight() throws {
    var view = try view(Self.document, SelectionRequest(base: .nothing))
    #expect(lines(view).prefix(2) == ["▸ Oceans  (6 sections, 3 lines)", ""])
    press(&view, .character("l"))
    #expect(cursorTitle(view) == "Oceans")
    #expect(
      lines(view).prefix(4) == [
        "▾ Oceans", "  The seas.", "  ▸ Pacific  (2 sections, 2 lines)",
        "  ▸ Atlantic  (1 section)",
      ])
    press(&view, .right)
    #expect(cursorTitle(view) == "Pacific")
    press(&view, .character("l"), .character("l"))
    #expect(cursorTitle(view) == "Coral")
    #expect(view.selection.isExpanded(1))
    press(&view, .character("l"))
    #expect(lines(view)[4...5] == ["    ▾ Coral", "      Reef."])
    press(&view, .character("h"))
    #expect(cursorTitle(view) == "Coral")
    #expect(lines(view)[4] == "    ▸ Coral  (1 line)")
    press(&view, .left)
    #expect(cursorTitle(view) == "Pacific")
    press(&view, .character("h"))
    #expect(lines(view)[2] == "  ▸ Pacific  (2 sections, 2 lines)")
    press(&view, .character("h"), .character("h"))
    #expect(cursorTitle(view) == "Oceans")
    #expect(lines(view).prefix(2) == ["▸ Oceans  (6 sections, 3 lines)", ""])
    // A top-level section has no parent to go to.
    press(&view, .character("h"))
    #expect(cursorTitle(view) == "Oceans")
  }

  @Test("E expands everything, C collapses everything, a digit shows that many levels")
  func levels() throws {
    var view = try view(Self.document, SelectionRequest(base: .nothing))
    press(&view, .character("E"))
    #expect(view.outline.sections.indices.allSatisfy { view.selection.isExpanded($0) })
    press(&view, .character("j"), .character("j"), .character("C"))
    // The cursor stays on what holds its section.
    #expect(cursorTitle(view) == "Oceans")
    #expect(lines(view).prefix(2) == ["▸ Oceans  (6 sections, 3 lines)", ""])
    press(&view, .character("2"))
    #expect(
      lines(view).dropLast() == [
        "▾ Oceans", "  The seas.", "  ▾ Pacific", "    The largest.", "    ▸ Coral  (1 line)",
        "    ▸ South China", "  ▾ Atlantic",
      ])
    press(&view, .character("1"))
    #expect(
      lines(view).prefix(5) == [
        "▾ Oceans", "  The seas.", "  ▸ Pacific  (2 sections, 2 lines)",
        "  ▸ Atlantic  (1 section)", "  ▸ Indian",
      ])
    press(&view, .character("9"))
    #expect(view.outline.sections.indices.allSatisfy { view.selection.isExpanded($0) })
  }

  @Test("/ searches titles from the cursor, opens what hides the match; n and N go on")
  func search() throws {
    var view = try view(Self.document, SelectionRequest(base: .nothing))
    press(&view, .character("/"), .character("s"), .character("A"))
    #expect(lines(view).last == "/sA")
    #expect(cursorTitle(view) == "Oceans")
    press(&view, .enter)
    // "Sargasso" is the first title after the cursor that holds "sa", whatever the case.
    #expect(cursorTitle(view) == "Sargasso")
    #expect(
      lines(view).prefix(5) == [
        "▾ Oceans", "  The seas.", "  ▸ Pacific  (2 sections, 2 lines)", "  ▾ Atlantic",
        "    ▸ Sargasso",
      ])
    #expect(highlighted(view) == ["    ▸ Sargasso"])
    // From Sargasso, the next title with a "c" is past the end, round at the top.
    press(&view, .character("/"), .character("c"), .enter)
    #expect(cursorTitle(view) == "Oceans")
    #expect(lines(view).last?.hasPrefix(" search went round to the top") == true)
    for title in ["Pacific", "Coral", "South China", "Atlantic"] {
      press(&view, .character("n"))
      #expect(cursorTitle(view) == title)
    }
    press(&view, .character("n"))
    #expect(cursorTitle(view) == "Oceans")
    press(&view, .character("N"))
    #expect(cursorTitle(view) == "Atlantic")
    #expect(lines(view).last?.hasPrefix(" search went round to the bottom") == true)
    press(&view, .character("N"))
    #expect(cursorTitle(view) == "South China")
    // The path is cut from the top down to fit.
    #expect(lines(view).last?.hasPrefix(" … South China  ") == true)
    view.resize(columns: 60, rows: 8)
    #expect(lines(view).last?.hasPrefix(" Oceans/Pacific/South China  ") == true)
  }

  @Test(
    "the status line shows the NAME the flags would give: a path, quoted where it must be, else an id"
  )
  func statusName() throws {
    let outline = markdown("# Guide\n## X\n## X\n## A/B, C\n")
    var view = try view(outline)
    press(&view, .character("j"))
    #expect(lines(view).last?.hasPrefix(" #x  ") == true, "\(lines(view).last ?? "")")
    press(&view, .character("j"))
    #expect(lines(view).last?.hasPrefix(" #x-1  ") == true)
    press(&view, .character("j"))
    #expect(lines(view).last?.hasPrefix(" Guide/\"A/B, C\"  ") == true)
    press(&view, .character("g"))
    #expect(lines(view).last?.hasPrefix(" Guide  ") == true)
  }

  @Test("a search that finds nothing says so; Escape, Ctrl-C and Backspace end the typing")
  func searchEnds() throws {
    var view = try view()
    press(&view, .character("n"))
    #expect(lines(view).last == " no search yet: press / to search")
    // White space alone is no search.
    press(&view, .character("/"), .character(" "), .enter)
    #expect(lines(view).last == " no search yet: press / to search")
    press(&view, .character("/"), .character("x"), .character("y"), .enter)
    #expect(lines(view).last == " no section holds \"xy\"")
    #expect(cursorTitle(view) == "Oceans")
    press(&view, .character("/"), .character("q"), .escape)
    #expect(lines(view).last?.hasPrefix(" Oceans") == true)
    // Keys typed into the search do not act.
    #expect(press(&view, .character("/"), .character("q"), .control("c")) == .proceed)
    press(&view, .character("/"), .character("a"), .backspace, .backspace)
    #expect(lines(view).last?.hasPrefix(" Oceans") == true)
    // Enter on an empty search repeats the last one.
    press(&view, .character("/"), .character("i"), .character("n"), .enter)
    #expect(cursorTitle(view) == "South China")
    press(&view, .character("/"), .enter)
    #expect(cursorTitle(view) == "Indian")
    // The end of a long search stays in sight as it is typed.
    var narrow = try self.view(columns: 6)
    press(&narrow, .character("/"))
    for letter in "abcdefgh" { press(&narrow, .character(letter)) }
    #expect(lines(narrow).last == "/efgh")
  }

  @Test(
    "/ finds text in sections' own content as the page's search does, and opens the section on it"
  )
  func searchText() throws {
    let outline = markdown(
      """
      # Guide
      Intro.
      ## Install
      Run the installer.
      ### Linux
      Use the package
      manager of your system.
      ## Usage
      Call it with a FILE.
      """)
    var view = try view(outline, SelectionRequest(base: .nothing), rows: 12)
    // Any case, and a run of white space as one space, across the text's line break.
    press(&view, .character("/"))
    for character in "PACKAGE   Manager" { press(&view, .character(character)) }
    press(&view, .enter)
    #expect(cursorTitle(view) == "Linux")
    #expect(view.message == nil)
    #expect(
      lines(view).prefix(8) == [
        "▾ Guide", "  Intro.", "  ▾ Install", "    Run the installer.", "    ▾ Linux",
        "      Use the package", "      manager of your system.", "  ▸ Usage  (1 line)",
      ])
    // It is the only match: n goes round to it.
    press(&view, .character("n"))
    #expect(cursorTitle(view) == "Linux")
    #expect(lines(view).last?.hasPrefix(" search went round to the top") == true)
    // A title that holds it is found before the text, and stays as it was: "install" is
    // Install's title, and in its text too.
    press(&view, .character("C"), .character("/"))
    for character in "install" { press(&view, .character(character)) }
    press(&view, .enter)
    #expect(cursorTitle(view) == "Install")
    #expect(lines(view)[2] == "  ▸ Install  (1 section, 3 lines)")
    press(&view, .character("/"), .character("f"), .character("i"), .character("l"), .enter)
    #expect(cursorTitle(view) == "Usage")
    #expect(lines(view).contains("    Call it with a FILE."))
    // Text that no title and no content holds.
    press(&view, .character("/"), .character("z"), .enter)
    #expect(lines(view).last == " no section holds \"z\"")
  }

  @Test("/ finds a JSON member's line, and a JSON document's first members fold when many")
  func searchJSON() throws {
    let outline = try JSONReader.read(
      Array(
        #"{"name": "shop", "a": 1, "b": 2, "c": 3, "d": 4, "items": [{"id": "x1", "price": 10}, {"id": "x2", "note": "Fragile  box"}]}"#
          .utf8))
    var view = try view(outline, SelectionRequest(base: .nothing))
    #expect(
      lines(view).prefix(2) == [
        "▸ Before the first section  (5 lines)", "▸ items  […] 2 items",
      ])
    press(&view, .character("/"))
    for character in "fragile box" { press(&view, .character(character)) }
    press(&view, .enter)
    #expect(cursorTitle(view) == "x2")
    #expect(lines(view).contains("    note: \"Fragile  box\""), "\(lines(view))")
    // The first members are searched too, before the first section.
    press(&view, .character("/"), .character("s"), .character("h"), .character("o"), .enter)
    #expect(view.cursor == 0)
    #expect(lines(view).prefix(2) == ["▾ Before the first section", "name: \"shop\""])
  }

  @Test("a match far down a section's text scrolls to the line that holds it")
  func searchScrollsToTheMatch() throws {
    let numbered = { (word: String) in (1...30).map { "\(word) \($0)\n" }.joined() }
    let outline = markdown(
      "# Intro\nA.\n# Long\n" + numbered("line") + "\nThe needle is here.\n\n"
        + numbered("after") + "# Next\nNo match.\n")
    var view = try view(outline, SelectionRequest(base: .nothing))
    press(&view, .character("/"))
    for character in "needle" { press(&view, .character(character)) }
    press(&view, .enter)
    #expect(cursorTitle(view) == "Long")
    #expect(view.message == nil)
    // Too far below the title for both to show: the match a third of the way down.
    let shown = lines(view)
    #expect(shown[2] == "  The needle is here.", "\(shown)")
    #expect(shown.last?.hasPrefix(" Long  ") == true)
    #expect(highlighted(view).isEmpty)
    // Near the title, both show, the screen moved no more than it takes.
    press(&view, .character("C"), .character("g"), .character("/"))
    for character in "line 6" { press(&view, .character(character)) }
    press(&view, .enter)
    #expect(view.top == 1)
    #expect(highlighted(view) == ["▾ Long"])
    #expect(lines(view)[0] == "▾ Long")
    #expect(lines(view)[6] == "  line 6")
  }

  @Test("text before the first section that is long folds in a line of its own, closed at first")
  func longPreamble() throws {
    let preamble = (1...12).map { "Line \($0) of the text before any heading.\n\n" }.joined()
    let outline = markdown(preamble + "# First\nIts text.\n# Second\n")
    // 23 lines, more than a third of a 30-row screen's 29 rows of outline.
    var view = try view(outline, rows: 30)
    #expect(view.preambleFolds)
    #expect(
      lines(view).prefix(5) == [
        "▸ Before the first section  (23 lines)", "▾ First", "  Its text.", "▾ Second", "",
      ])
    #expect(highlighted(view) == ["▾ First"])
    // k goes to its line, which Space, Enter, l and h open and close.
    press(&view, .character("k"))
    #expect(highlighted(view) == ["▸ Before the first section  (23 lines)"])
    #expect(view.cursorSection == nil)
    #expect(lines(view).last?.hasPrefix(" Before the first") == true)
    press(&view, .character(" "))
    #expect(
      lines(view).prefix(3) == [
        "▾ Before the first section", "Line 1 of the text before any heading.", "",
      ])
    #expect(highlighted(view) == ["▾ Before the first section"])
    // Open, the lines under its own are the output's, which the flags reproduce.
    var output = ""
    TextWriter(options: TextWriter.Options(width: 40)).write(
      outline, selection: try Selection(outline: outline, request: view.flags.request),
      to: &output)
    let printed = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let shown = lines(view).dropFirst().dropLast()
    #expect(printed.count == 26)
    #expect(shown.prefix(printed.count).elementsEqual(printed.map(String.init)))
    #expect(shown.dropFirst(printed.count) == ["", ""])
    for (key, open) in [
      (Key.character("h"), false), (.character("h"), false), (.character("l"), true),
      (.character("l"), true), (.enter, false),
    ] {
      press(&view, key)
      #expect(view.preambleClosed == !open, "\(key)")
      #expect(view.cursor == 0)
    }
    #expect(view.flags.arguments == [])
    // Folded, j goes to the first section; g back to the fold; E, C and digits leave it.
    press(&view, .character("j"), .character("C"), .character("g"))
    #expect(view.preambleClosed)
    #expect(view.cursor == 0)
    press(&view, .character("E"), .character("C"))
    #expect(view.preambleClosed)
    #expect(view.cursor == 0)
    #expect(
      lines(view).prefix(2) == ["▸ Before the first section  (23 lines)", "▸ First  (1 line)"])

    // A search finds its text, opens it and shows the line.
    press(&view, .character("/"))
    for character in "line 12 of" { press(&view, .character(character)) }
    press(&view, .enter)
    #expect(!view.preambleClosed)
    #expect(view.cursor == 0)
    #expect(lines(view).contains("Line 12 of the text before any heading."))
    press(&view, .character("n"))
    #expect(view.cursor == 0)
    #expect(lines(view).last?.hasPrefix(" search went round to the top") == true)

    // Text that takes a third of the screen or less is shown as the output shows it.
    let short = try self.view(markdown("Badges.\n\nA line.\n\n# First\n"), rows: 10)
    #expect(!short.preambleFolds)
    #expect(lines(short).prefix(4) == ["Badges.", "", "A line.", "▾ First"])
    // So is a document without sections.
    #expect(!(try self.view(markdown(preamble)).preambleFolds))
  }

  @Test("g and G go to the top and the end; page keys scroll, taking the cursor along")
  func scrolling() throws {
    var view = try view()
    press(&view, .character("G"))
    #expect(view.top == 3)
    #expect(cursorTitle(view) == "Indian")
    #expect(lines(view)[6] == "  ▾ Indian")
    #expect(lines(view).last?.contains(" Bot ") == true)
    press(&view, .character("g"))
    #expect(view.top == 0)
    #expect(cursorTitle(view) == "Oceans")
    press(&view, .end, .home)
    #expect(view.top == 0)
    press(&view, .pageDown)
    #expect(view.top == 3)
    // The cursor left the screen, so it moved to the first section line on it.
    #expect(cursorTitle(view) == "Coral")
    press(&view, .pageUp)
    #expect(view.top == 0)
    #expect(cursorTitle(view) == "Coral")
    press(&view, .control("e"), .control("e"))
    #expect(view.top == 2)
    press(&view, .control("e"))
    #expect(view.top == 3)
    #expect(cursorTitle(view) == "Coral")
    press(&view, .control("y"), .control("u"))
    #expect(view.top == 0)
    press(&view, .control("d"))
    #expect(view.top == 3)
    press(&view, .control("f"), .control("b"))
    #expect(view.top == 0)
  }

  @Test("with no section line on the screen, the cursor is on the section whose lines it shows")
  func longContent() throws {
    let long = markdown("# One\n" + (1...30).map { "line \($0)\n" }.joined() + "# Two\n")
    var view = try view(long)
    press(&view, .pageDown)
    #expect(view.top == 6)
    #expect(cursorTitle(view) == "One")
    #expect(lines(view).last?.hasPrefix(" One ") == true)
    #expect(highlighted(view) == [])
    // j goes to the next section, wherever it is.
    press(&view, .character("j"))
    #expect(cursorTitle(view) == "Two")
    #expect(lines(view)[6] == "▾ Two")
    // Past the last section, j and k scroll.
    press(&view, .character("k"), .character("k"))
    #expect(view.top == 0)
    press(&view, .character("G"), .character("j"))
    #expect(view.top == 25)
    // Collapsing the section off the screen brings it back.
    press(&view, .pageUp, .character(" "))
    #expect(lines(view).prefix(2) == ["▸ One  (30 lines)", "▾ Two"])
  }

  @Test("? shows the keys until any key is pressed")
  func help() throws {
    var view = try view(rows: 60)
    press(&view, .character("?"))
    let shown = lines(view)
    #expect(shown[0] == " Keys (any key goes back)")
    // On 40 columns each action is under its keys, broken between words.
    let q = try #require(shown.firstIndex(of: "   q"))
    #expect(
      shown[q...(q + 2)] == [
        "   q", "      quit, printing the flags that", "      reproduce the view",
      ])
    #expect(shown.contains("      next section"))
    #expect(shown.count == 60)
    // q closes the list rather than quitting.
    #expect(press(&view, .character("q")) == .proceed)
    #expect(lines(view)[0] == "▾ Oceans")
    press(&view, .character("?"))
    #expect(press(&view, .control("c")) == .abort)
  }

  @Test(
    "? lists every word of every key, broken between words to the screen's width, none cut",
    arguments: [120, 80, 60, 52, 40, 20, 12])
  func helpFitsTheWidth(columns: Int) throws {
    var view = try view(columns: columns, rows: 200)
    press(&view, .character("?"))
    let shown = lines(view).dropLast().filter { !$0.isEmpty }
    #expect(shown.allSatisfy { $0.count <= columns }, "\(shown)")
    #expect(!shown.contains { $0.contains("…") })
    // The same letters in the same order: nothing is cut or lost.
    let letters = { (text: String) in text.filter { !$0.isWhitespace } }
    let wanted = InteractiveView.keys.map { $0.keys + $0.action }.joined()
    #expect(letters(shown.joined()) == letters("Keys (any key goes back)" + wanted))
    if columns == 80 {
      // The longest action, 81 columns on one line, goes on under itself.
      let at = try #require(shown.firstIndex { $0.hasPrefix("   l, Right") })
      #expect(
        shown[at...(at + 1)] == [
          "   l, Right" + String(repeating: " ", count: 12)
            + "expand; on an expanded section, go to its first",
          String(repeating: " ", count: 23) + "subsection",
        ])
    }
  }

  @Test("on a screen shorter than the list of keys, j and k scroll it and other keys go back")
  func helpOnASmallScreen() throws {
    var view = try view(columns: 60, rows: 8)
    // Four actions take two lines each at this width.
    let total = view.helpText().count
    #expect(total == InteractiveView.keys.count + 2 + 4)
    press(&view, .character("?"))
    #expect(lines(view)[0] == " Keys (any key goes back)")
    #expect(lines(view)[7] == " j, k scroll (7 of \(total)); q goes back")
    press(&view, .character("j"), .down)
    #expect(lines(view)[0] == "   j, Down, Ctrl-N     next section")
    // At the end the last key shows on the last line, and j goes no further.
    for _ in 0..<total { press(&view, .character("j")) }
    #expect(lines(view)[6].hasPrefix("   Ctrl-Z"))
    #expect(lines(view)[7] == " j, k scroll (\(total) of \(total)); q goes back")
    press(&view, .pageUp, .character("k"))
    #expect(lines(view)[0].hasPrefix("   / "))
    press(&view, .character("g"))
    #expect(lines(view)[0] == " Keys (any key goes back)")
    press(&view, .end)
    #expect(lines(view)[6].hasPrefix("   Ctrl-Z"))
    // A wider screen holds the list in fewer lines: its end stays on the last line.
    view.resize(columns: 80, rows: 8)
    #expect(lines(view)[6].hasPrefix("   Ctrl-Z"))
    #expect(lines(view)[7] == " j, k scroll (23 of 23); q goes back")
    // Any other key goes back, and the list opens at its top again.
    #expect(press(&view, .character("x")) == .proceed)
    #expect(lines(view)[0] == "▾ Oceans")
    press(&view, .character("?"), .character("j"), .character("q"), .character("?"))
    #expect(lines(view)[0] == " Keys (any key goes back)")
    // On a screen that holds it, j goes back like any key.
    var tall = try self.view(columns: 80, rows: 30)
    press(&tall, .character("?"), .character("j"))
    #expect(lines(tall)[0] == "▾ Oceans")
  }

  @Test("q quits, Ctrl-C aborts, Ctrl-Z suspends, other keys say how to get help")
  func outcomes() throws {
    var view = try view()
    #expect(press(&view, .character("q")) == .quit)
    #expect(press(&view, .control("c")) == .abort)
    #expect(press(&view, .control("z")) == .suspend)
    #expect(press(&view, .character("x")) == .proceed)
    #expect(lines(view).last == " press ? for the keys, q to quit")
    press(&view, .control("l"))
    #expect(lines(view).last?.hasPrefix(" Oceans") == true)
  }

  @Test("a resize fits lines to the new width and keeps the cursor on the screen")
  func resize() throws {
    var view = try view()
    press(&view, .character("G"))
    view.resize(columns: 12, rows: 4)
    #expect(lines(view) == ["  ▾ Atlantic", "    ▾ Sarga…", "  ▾ Indian", " Indi…  Bot"])
  }

  @Test("-w narrows the view; colours, --ascii and --outline are the writer's")
  func writerOptions() throws {
    let narrow = try view(options: TextWriter.Options(width: 10))
    #expect(lines(narrow)[1] == "  The sea…")
    #expect(lines(narrow)[4] == "    ▾ Cor…")
    let ascii = try view(options: TextWriter.Options(ascii: true, outline: true))
    #expect(lines(ascii).prefix(3) == ["- Oceans", "  - Pacific", "    - Coral"])
    let colored = try view(options: TextWriter.Options(colors: true))
    #expect(colored.screen()[2] == "  \u{1B}[2;35m▾\u{1B}[0m \u{1B}[1mPacific\u{1B}[0m")
    #expect(colored.screen()[0].hasPrefix("\u{1B}[2;7;36m▾\u{1B}[0m\u{1B}[7m \u{1B}[0m"))
  }

  @Test("a document without sections scrolls, and its flags are none")
  func noSections() throws {
    var view = try view(markdown((1...10).map { "line \($0)\n" }.joined()))
    #expect(view.cursor == nil)
    press(&view, .character("j"), .character(" "), .character("l"), .character("h"))
    #expect(view.top == 1)
    press(&view, .character("/"), .character("l"), .enter)
    #expect(lines(view).last == " the document has no sections")
    #expect(view.flags.arguments == [])
  }

  @Test(
    "after any keys, the flags of the view print exactly the lines on the screen",
    arguments: [99 as UInt64])
  func flagsReproduceScreen(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let alphabet: [Key] = [
      .character("j"), .character("j"), .character("k"), .character(" "), .enter, .character("l"),
      .character("h"), .character("E"), .character("C"), .character("1"), .character("2"),
      .character("3"), .character("/"), .character("s"), .character("u"), .enter, .character("n"),
      .character("N"), .character("g"), .character("G"), .pageDown, .pageUp, .control("d"),
      .control("e"), .control("y"),
    ]
    // How many of the views fold their text before the first section, and open it.
    var folding = 0
    var opened = 0
    for _ in 0..<60 {
      // A third of them with text before the first section, which may fold.
      let preamble =
        random.next() % 3 == 0
        ? (0...(random.next() % 12)).map { "intro \($0)\n" }.joined() + "\n" : ""
      let source = preamble + randomHeadings(&random, maxSections: 20, maxBodyLines: 3)
      let outline = markdown(source)
      var view = try view(
        outline, columns: Int(random.next() % 50) + 8, rows: Int(random.next() % 12) + 2)
      for _ in 0..<40 {
        if random.next() % 10 == 0 {
          view.resize(columns: Int(random.next() % 50) + 8, rows: Int(random.next() % 12) + 2)
        }
        _ = view.press(alphabet[Int(random.next() % UInt64(alphabet.count))])
        let screen = view.screen()
        #expect(screen.count == view.screenRows)
        var expected = ""
        let selection = try Selection(outline: outline, request: view.flags.request)
        TextWriter(options: TextWriter.Options(width: view.columns)).write(
          outline, selection: selection, to: &expected)
        if view.preambleFolds && !view.preambleClosed { opened += 1 }
        var output: [String?] = expected.split(separator: "\n", omittingEmptySubsequences: false)
          .dropLast().map(String.init)
        // Where the text before the first section folds, its line (nil here) comes first,
        // and the text is left out while it is folded.
        if view.preambleFolds {
          let count = TextWriter(options: TextWriter.Options(width: view.columns)).rows(
            outline, selection: selection
          ).prefix { $0.section == nil }.count
          output = [nil] + output.dropFirst(view.preambleClosed ? count : 0)
        }
        let shown = screen.dropLast().map(plain)
        let wanted = output.dropFirst(view.top).prefix(view.height)
        #expect(wanted.count <= shown.count)
        for (line, want) in zip(shown, wanted) {
          if let want {
            #expect(line == want, "\(source)\n\(view.flags.arguments)")
          } else {
            #expect(line.hasPrefix(view.preambleClosed ? "▸" : "▾"), "\(line)")
          }
        }
        #expect(shown.dropFirst(wanted.count).allSatisfy { $0.isEmpty })
        #expect(view.top >= 0 && view.top <= max(view.rows.count - view.height, 0))
        if let cursor = view.cursor { #expect(view.rows[cursor].isStop) }
        for line in screen { #expect(DisplayWidth.columns(of: plain(line)) <= view.columns) }
      }
      if view.preambleFolds { folding += 1 }
    }
    #expect(folding > 5 && opened > 5, "\(folding) views fold, \(opened) times open")
  }
}

@Suite("interactive view of drawn Markdown")
struct DrawnInteractiveViewTests {
  /// Read for each view: a document's cmark tree is not shared between threads.
  static var document: Outline {
    markdown(
      """
      # Guide

      Intro *text*.

      <details>
      <summary>More <b>info</b></summary>

      Hidden one.

      Hidden two.

      </details>

      After the fold.

      ## Next

      Next text.
      """)
  }

  private func view(columns: Int = 40, rows: Int = 14) throws -> InteractiveView {
    var options = TextWriter.Options()
    options.renders = true
    let outline = Self.document
    return InteractiveView(
      outline: outline,
      selection: try Selection(outline: outline, request: SelectionRequest()),
      options: options, columns: columns, rows: rows)
  }

  private func lines(_ view: InteractiveView) -> [String] {
    view.screen().dropLast().map { line in
      var text = line.replacing(/\u{1B}\[[0-9;]*m/, with: "")
      while text.hasSuffix(" ") { text.removeLast() }
      return text
    }
  }

  @Test("content is drawn, and a <details> is a stop of the cursor that folds and opens")
  func folds() throws {
    var view = try self.view()
    let open = [
      "▾ Guide", "  Intro text.", "", "  ▾ More info", "", "    Hidden one.", "",
      "    Hidden two.", "", "  After the fold.", "  ▾ Next", "    Next text.", "",
    ]
    #expect(lines(view) == open)
    // j goes from the section to the fold's summary, Space folds it, again opens it.
    _ = view.press(.character("j"))
    #expect(view.rows[view.cursor ?? 0].fold != nil)
    _ = view.press(.character(" "))
    #expect(
      lines(view) == [
        "▾ Guide", "  Intro text.", "", "  ▸ More info  (4 lines)", "", "  After the fold.",
        "  ▾ Next", "    Next text.", "", "", "", "", "",
      ])
    #expect(view.rows[view.cursor ?? 0].fold != nil)
    // l opens it; h closes it, and h again goes to the section that holds it.
    _ = view.press(.character("l"))
    #expect(lines(view) == open)
    _ = view.press(.character("h"))
    #expect(view.closedFolds.count == 1)
    _ = view.press(.character("h"))
    #expect(view.cursorSection == 0)
    #expect(view.rows[view.cursor ?? 0] == .section(0))
    // Folding the section hides the fold with it; opening it shows the fold as it was.
    _ = view.press(.character(" "))
    #expect(lines(view).prefix(2) == ["▸ Guide  (1 section, 8 lines)", ""])
    _ = view.press(.character(" "))
    #expect(lines(view)[3] == "  ▸ More info  (4 lines)")
    // The flags say nothing of the fold: they are the sections'.
    #expect(view.flags.arguments.isEmpty)
  }

  @Test("a <details> without a summary, its text as long as a tag's fields, is drawn")
  func detailsWithoutSummary() throws {
    for count in [121, 150, 160] {
      let text = String(repeating: "S", count: count)
      var options = TextWriter.Options()
      options.renders = true
      let outline = markdown("# A\n\n<details>\(text)</details>\n")
      let view = InteractiveView(
        outline: outline,
        selection: try Selection(outline: outline, request: SelectionRequest()),
        options: options, columns: 200, rows: 6)
      #expect(lines(view).prefix(3) == ["▾ A", "  ▾ Details", "    " + text], "\(count)")
    }
  }

  @Test("a new width draws the text again, its folds open")
  func resize() throws {
    var view = try self.view(columns: 40)
    _ = view.press(.character("j"))
    _ = view.press(.character(" "))
    view.resize(columns: 14, rows: 14)
    #expect(view.closedFolds.isEmpty)
    #expect(
      lines(view).prefix(7) == [
        "▾ Guide", "  Intro text.", "", "  ▾ More info", "", "    Hidden", "    one.",
      ])
    #expect(lines(view).allSatisfy { DisplayWidth.columns(of: $0) <= 14 })
  }
}
