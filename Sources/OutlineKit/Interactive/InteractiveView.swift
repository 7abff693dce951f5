/// An outline being folded by hand: which sections are expanded, the lines the text
/// writer prints for them, a cursor on a section's line, the part of the lines a screen
/// shows, and a search of the titles and text; changed by keys and drawn as lines of text.
///
/// It reads and writes nothing: a terminal feeds it keys and draws `screen()`.
public struct InteractiveView {
  /// What a key asks of whoever runs the view.
  public enum Outcome: Equatable, Sendable {
    /// Draw the screen again and wait for the next key.
    case proceed
    /// End, and print the flags that reproduce the view.
    case quit
    /// End at once, printing nothing (Ctrl-C).
    case abort
    /// Give the terminal back until the shell resumes the program (Ctrl-Z).
    case suspend
  }

  /// What the keys do.
  enum Mode: Equatable {
    /// Keys move, fold and scroll.
    case browsing
    /// Keys type a search, shown in the status line.
    case searching(String)
    /// The screen lists the keys; any key goes back.
    case help
  }

  public let outline: Outline
  /// Finds what the status line's NAME would name, its indexes made once.
  let names: NameCache
  /// The sections expanded now.
  public private(set) var selection: Selection
  /// The writer whose lines the view shows, fitted to the screen.
  private(set) var writer: TextWriter
  /// The columns `--width` asks for, nil for the screen's.
  private let requestedWidth: Int?
  /// The lines of the text output for the current selection.
  public private(set) var rows: [TextWriter.Row]
  /// The `<details>` of drawn Markdown folded by hand: they start open, as the output
  /// shows them, and the flags printed on quitting do not say which are closed.
  public private(set) var closedFolds: Set<TextWriter.FoldPlace> = []
  /// Whether the document's own content, before its first section, has a line of its own
  /// that folds it, as it does when it takes more than a third of the screen the view
  /// opens on; it then starts folded. The flags printed on quitting do not say it is.
  public private(set) var preambleFolds = false
  /// Whether the document's own content is folded now.
  public private(set) var preambleClosed = false
  /// The row of the section under the cursor; nil when the outline has no section.
  public private(set) var cursor: Int?
  /// The first row on the screen.
  public private(set) var top = 0
  /// The screen's width.
  public private(set) var columns: Int
  /// The screen's height, the status line included.
  public private(set) var screenRows: Int
  var mode = Mode.browsing
  /// The first line of the list of keys on the screen, when the list is taller.
  private(set) var helpTop = 0
  /// The last search run, which `n` and `N` repeat.
  private(set) var lastSearch: String?
  /// The texts searched so far.
  private var search = SectionSearch()
  /// What the status line says until the next key, such as a search that found nothing.
  public private(set) var message: String?

  /// A view of `outline` with `selection` expanded, drawn by a writer with `options` (its
  /// width, if any, is a limit below the screen's) on a screen of `columns` by `rows`.
  public init(
    outline: Outline, selection: Selection, options: TextWriter.Options, columns: Int, rows: Int
  ) {
    self.outline = outline
    names = NameCache(outline: outline)
    self.selection = selection
    writer = TextWriter(options: options)
    requestedWidth = options.width
    self.columns = columns
    screenRows = rows
    self.rows = []
    resize(columns: columns, rows: rows)
    rebuild(focus: 0)
    // The rows as printed tell how long the document's own content is.
    if !outline.sections.isEmpty
      && self.rows.prefix(while: { $0.section == nil }).count > height / 3
    {
      preambleFolds = true
      preambleClosed = true
      self.rows = InteractiveView.foldingPreamble(self.rows, closed: true)
      cursor = self.rows.firstIndex(of: .section(0))
    }
    top = 0
  }

  /// The rows that show outline lines: the screen less its status line.
  public var height: Int { max(screenRows - 1, 0) }

  /// The flags that give the current view on the command line.
  public var flags: ViewFlags { ViewFlags(reproducing: selection.flags, in: outline) }

  /// The section under the cursor.
  public var cursorSection: Int? { cursor.flatMap { rows[$0].section } }

  /// Whether the cursor is on the line that folds the document's own content.
  var cursorOnPreamble: Bool {
    guard let cursor, case .preamble = rows[cursor] else { return false }
    return true
  }

  /// What the cursor is on, for `rebuild`: its section, nil for the preamble's line.
  private var focus: Int? { cursorOnPreamble ? nil : cursorSection ?? 0 }

  /// Fits the view to a screen of a new size.
  public mutating func resize(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    screenRows = max(rows, 0)
    let width = min(requestedWidth ?? self.columns, self.columns)
    let rewraps = writer.options.renders && writer.options.width != width
    writer.options.width = width
    // Drawn Markdown is broken to the width: its lines are others at another.
    if rewraps && !self.rows.isEmpty {
      // The folds' lines are others at another width: they are open again.
      closedFolds = []
      rebuild(focus: focus)
    } else {
      reveal()
    }
    helpTop = min(helpTop, helpOverflow)
  }

  /// Does what `key` means, and says what should happen next.
  public mutating func press(_ key: Key) -> Outcome {
    message = nil
    switch mode {
    case .help:
      // A list taller than the screen scrolls; any other key goes back.
      let overflow = helpOverflow
      let step: Int? =
        switch key {
        case .character("j"), .down, .control("n"), .control("e"): 1
        case .character("k"), .up, .control("p"), .control("y"): -1
        case .character(" "), .pageDown, .control("f"): max(height - 1, 1)
        case .pageUp, .control("b"): -max(height - 1, 1)
        case .character("g"), .character("<"), .home: -overflow
        case .character("G"), .character(">"), .end: overflow
        default: nil
        }
      if let step, overflow > 0 {
        helpTop = min(max(helpTop + step, 0), overflow)
        return .proceed
      }
      mode = .browsing
      helpTop = 0
      return key == .control("c") ? .abort : .proceed
    case .searching(let query):
      type(key, into: query)
      return .proceed
    case .browsing:
      return browse(key)
    }
  }

  private mutating func browse(_ key: Key) -> Outcome {
    switch key {
    case .character("q"), .character("Q"): return .quit
    case .control("c"): return .abort
    case .control("z"): return .suspend
    case .character("j"), .down, .control("n"): step(forward: true)
    case .character("k"), .up, .control("p"): step(forward: false)
    case .character(" "), .enter: toggle()
    case .character("l"), .right: expandOrEnter()
    case .character("h"), .left: collapseOrLeave()
    case .character("E"): show(SelectionRequest(base: .everything))
    case .character("C"): show(SelectionRequest(base: .nothing))
    case .character(let digit) where ("1"..."9").contains(digit):
      show(SelectionRequest(base: .depth(digit.wholeNumberValue ?? 1)))
    case .character("/"): mode = .searching("")
    case .character("n"): repeatSearch(forward: true)
    case .character("N"): repeatSearch(forward: false)
    case .character("g"), .character("<"), .home: goToTop()
    case .character("G"), .character(">"), .end: goToBottom()
    case .pageDown, .control("f"): scroll(by: max(height - 1, 1))
    case .pageUp, .control("b"): scroll(by: -max(height - 1, 1))
    case .control("d"): scroll(by: max(height / 2, 1))
    case .control("u"): scroll(by: -max(height / 2, 1))
    case .control("e"): scroll(by: 1)
    case .control("y"): scroll(by: -1)
    case .character("?"): mode = .help
    case .control("l"): break
    default: message = "press ? for the keys, q to quit"
    }
    return .proceed
  }

  // MARK: Moving

  /// Moves the cursor to the next or previous section line; past the last one, scrolls.
  private mutating func step(forward: Bool) {
    guard let cursor, !cursorIsBelowScreen, let row = sectionRow(from: cursor, forward: forward)
    else {
      scroll(by: forward ? 1 : -1)
      return
    }
    self.cursor = row
    reveal()
  }

  private mutating func goToTop() {
    top = 0
    cursor = sectionRow(from: -1, forward: true)
  }

  private mutating func goToBottom() {
    top = maxTop
    cursor = sectionRow(from: rows.count, forward: false)
  }

  /// Scrolls by `amount` rows, taking the cursor along when it would leave the screen.
  private mutating func scroll(by amount: Int) {
    top = min(max(top + amount, 0), maxTop)
    guard let cursor else { return }
    let bottom = min(top + height, rows.count)
    if cursor >= top && cursor < bottom { return }
    let onScreen = (top..<bottom).filter { rows[$0].isStop }
    // With no section line on the screen, the cursor is on the section that owns it.
    self.cursor =
      (cursor < top ? onScreen.first : onScreen.last)
      ?? sectionRow(from: top, forward: false) ?? cursor
  }

  /// The nearest section line, or fold's summary, after (or before) row `row`.
  private func sectionRow(from row: Int, forward: Bool) -> Int? {
    var index = row + (forward ? 1 : -1)
    while index >= 0 && index < rows.count {
      if rows[index].isStop { return index }
      index += forward ? 1 : -1
    }
    return nil
  }

  /// Whether the cursor is below the screen, as it is on the first section while the
  /// screen shows a long text before it: the keys that fold then first scroll to it.
  private var cursorIsBelowScreen: Bool { cursor.map { $0 >= top + height } ?? false }

  /// The largest first row: the last row at the bottom of the screen.
  private var maxTop: Int { max(rows.count - height, 0) }

  /// Scrolls as little as it takes to show the cursor.
  private mutating func reveal() {
    if let cursor, height > 0 {
      if cursor < top { top = cursor }
      if cursor >= top + height { top = cursor - height + 1 }
    }
    top = min(max(top, 0), maxTop)
  }

  // MARK: Folding

  /// Expands or collapses the section under the cursor. This and the other keys that
  /// fold, with the cursor below the screen, only scroll to it: what they would change
  /// must be in sight.
  private mutating func toggle() {
    if cursorOnPreamble { return foldPreamble(!preambleClosed) }
    if let cursor, let place = rows[cursor].fold, !cursorIsBelowScreen {
      return toggleFold(place)
    }
    guard let section = cursorSection, !cursorIsBelowScreen else { return reveal() }
    let expanding = !selection.isExpanded(section)
    selection.set(section, expanded: expanding)
    rebuild(focus: section)
    if expanding { revealOpened(section) }
  }

  /// Scrolls so that as much of `section`, just expanded under the cursor, shows as the
  /// screen holds, its title line staying in sight: opened on the last line, all of it
  /// would be below the screen.
  private mutating func revealOpened(_ section: Int) {
    guard let cursor, height > 0 else { return }
    let end = outline.sections[section].end
    let after =
      rows[(cursor + 1)...].firstIndex { row in
        guard case .section(let other) = row else { return false }
        return other >= end
      } ?? rows.count
    if after > top + height { top = min(cursor, after - height) }
    top = min(max(top, 0), maxTop)
  }

  /// Opens or closes the fold whose summary is at `place`, the cursor staying on it.
  private mutating func toggleFold(_ place: TextWriter.FoldPlace) {
    let offset = cursor.map { $0 - top } ?? 0
    if closedFolds.remove(place) == nil { closedFolds.insert(place) }
    rows = viewRows()
    cursor = rows.firstIndex(of: .fold(owner: place.owner, run: place.run, line: place.line))
    if let cursor { top = cursor - offset }
    reveal()
  }

  /// Folds or opens the document's own content, the cursor on its line, the first.
  private mutating func foldPreamble(_ closed: Bool) {
    preambleClosed = closed
    rows = viewRows()
    cursor = 0
    top = 0
  }

  /// Expands a collapsed section; on an expanded one, goes to its first subsection.
  private mutating func expandOrEnter() {
    if cursorOnPreamble { return foldPreamble(false) }
    if let cursor, let place = rows[cursor].fold, !cursorIsBelowScreen {
      if closedFolds.contains(place) { toggleFold(place) }
      return
    }
    guard let section = cursorSection, !cursorIsBelowScreen else { return reveal() }
    if !selection.isExpanded(section) {
      toggle()
    } else if outline.sections[section].end > section + 1, let cursor {
      self.cursor = rows[cursor...].firstIndex(of: .section(section + 1))
      reveal()
    }
  }

  /// Collapses an expanded section; on a collapsed one, goes to its parent.
  private mutating func collapseOrLeave() {
    if cursorOnPreamble { return foldPreamble(true) }
    if let cursor, let place = rows[cursor].fold, !cursorIsBelowScreen {
      if !closedFolds.contains(place) { return toggleFold(place) }
      // A closed fold's parent is the section that holds it.
      if place.owner >= 0 { self.cursor = rows[...cursor].lastIndex(of: .section(place.owner)) }
      return reveal()
    }
    guard let section = cursorSection, !cursorIsBelowScreen else { return reveal() }
    if selection.isExpanded(section) {
      toggle()
    } else if let parent = outline.sections[section].parent, let cursor {
      self.cursor = rows[...cursor].lastIndex(of: .section(parent))
      reveal()
    }
  }

  /// Shows what `request` selects, keeping the cursor on its section, or on the section
  /// that now holds it.
  private mutating func show(_ request: SelectionRequest) {
    guard let resolved = try? Selection(outline: outline, request: request) else { return }
    selection = resolved
    rebuild(focus: focus)
  }

  /// The text writer's rows, with the line that folds the document's own content, and
  /// without that content while it is folded.
  private func viewRows() -> [TextWriter.Row] {
    let rows = writer.rows(outline, selection: selection, closed: closedFolds)
    return preambleFolds ? InteractiveView.foldingPreamble(rows, closed: preambleClosed) : rows
  }

  /// The text writer's `rows` with the line that folds the document's own content first,
  /// and without that content when `closed`.
  private static func foldingPreamble(_ rows: [TextWriter.Row], closed: Bool) -> [TextWriter.Row] {
    var rows = rows
    let count = rows.prefix { $0.section == nil }.count
    rows.replaceSubrange(0..<(closed ? count : 0), with: [.preamble(hidden: closed ? count : nil)])
    return rows
  }

  /// Makes the rows again for the selection, with the cursor on section `focus` (nil for
  /// the line that folds the document's own content) or, when it is hidden, on its
  /// outermost collapsed ancestor, as far from the top of the screen as the cursor was.
  private mutating func rebuild(focus: Int?) {
    let offset = cursor.map { $0 - top } ?? 0
    rows = viewRows()
    guard !outline.sections.isEmpty else {
      cursor = nil
      top = min(top, maxTop)
      return
    }
    if let focus {
      var shown = focus
      for ancestor in outline.ancestors(of: focus) where !selection.isExpanded(ancestor) {
        shown = ancestor
      }
      cursor = rows.firstIndex(of: .section(shown))
    } else {
      cursor = preambleFolds ? 0 : rows.firstIndex(of: .section(0))
    }
    if let cursor { top = cursor - offset }
    reveal()
  }

  // MARK: Searching

  /// Types `key` into the search being typed: Enter runs it, Escape drops it.
  private mutating func type(_ key: Key, into query: String) {
    switch key {
    case .character(let character):
      mode = .searching(query + String(character))
    case .backspace:
      mode = query.isEmpty ? .browsing : .searching(String(query.dropLast()))
    case .control("u"):
      mode = .searching("")
    case .escape, .control("c"), .control("g"):
      mode = .browsing
    case .enter:
      mode = .browsing
      if !SectionSearch.folded(query).isEmpty { lastSearch = query }
      repeatSearch(forward: true)
    default:
      break
    }
  }

  /// Goes to the next (or previous) section whose title or own text holds the last
  /// search, in document order from the cursor and round again, as a page's search finds
  /// them: whatever the case, any run of white space as one space. The sections around
  /// it open; a match in its text opens it too, and scrolls to the line that holds it.
  /// The document's own content is searched before the first section when it folds.
  private mutating func repeatSearch(forward: Bool) {
    guard let query = lastSearch else {
      message = "no search yet: press / to search"
      return
    }
    let count = outline.sections.count
    guard count > 0 else {
      message = "the document has no sections"
      return
    }
    let needle = Array(SectionSearch.folded(query).utf8)
    // The places, in order: -1 for the document's own content when it folds, then the
    // sections.
    let first = preambleFolds ? -1 : 0
    let places = count - first
    // The cursor's place: a section, or -1 in the document's own content.
    let start = cursor.map { rows[$0].section ?? -1 } ?? (forward ? count - 1 : first)
    for distance in 1...places {
      let step = forward ? distance : -distance
      let place = ((start - first + step) % places + places) % places + first
      guard let match = search.match(needle, at: place, of: outline) else { continue }
      go(to: place, match: match, needle: needle)
      if forward ? place <= start : place >= start {
        message = forward ? "search went round to the top" : "search went round to the bottom"
      }
      return
    }
    message = "no section holds \"\(query)\""
  }

  /// Shows place `place` (-1 for the document's own content) with the cursor on its
  /// line; where its text holds `needle`, opens it and shows the line that holds it.
  private mutating func go(to place: Int, match: SectionSearch.Match, needle: [UInt8]) {
    if place >= 0 {
      for ancestor in outline.ancestors(of: place) { selection.set(ancestor, expanded: true) }
    }
    guard match == .text else { return rebuild(focus: place) }
    if place >= 0 { selection.set(place, expanded: true) } else { preambleClosed = false }
    // The page shows the match: the <details> it may be in open.
    closedFolds = closedFolds.filter { $0.owner != place }
    rebuild(focus: place < 0 ? nil : place)
    guard let cursor, let row = matchRow(of: place, needle: needle, after: cursor) else {
      return place < 0 ? reveal() : revealOpened(place)
    }
    // Both lines in sight if they fit, else the match a third of the way down.
    top =
      row - cursor < height
      ? min(max(top, row - height + 1), cursor) : row - height / 3
    top = min(max(top, 0), maxTop)
  }

  /// The first of the rows after `cursor` that show `place`'s own content whose text,
  /// read on from row to row, holds `needle` from there; nil when the lines show it
  /// otherwise than the text searched (Markdown's markup, a line cut to the width).
  private func matchRow(of place: Int, needle: [UInt8], after cursor: Int) -> Int? {
    var text: [UInt8] = []
    var starts: [(offset: Int, row: Int)] = []
    let owner = place < 0 ? nil : place
    for index in rows.indices.dropFirst(cursor + 1) {
      guard !rows[index].isSection, rows[index].section == owner else { break }
      let line = writer.line(rows[index], in: outline, selection: selection, closed: closedFolds)
      let folded = SectionSearch.folded(line.pieces.map(\.text).joined())
      guard !folded.isEmpty else { continue }
      if !text.isEmpty { text.append(UInt8(ascii: " ")) }
      starts.append((text.count, index))
      text += folded.utf8
    }
    guard let offset = SectionSearch.firstOffset(of: needle, in: text) else { return nil }
    return starts.last { $0.offset <= offset }?.row
  }
}
