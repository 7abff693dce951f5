extension InteractiveView {
  /// Every key of the view and what it does, as `?` lists them.
  public static let keys: [(keys: String, action: String)] = [
    ("j, Down, Ctrl-N", "next section"),
    ("k, Up, Ctrl-P", "previous section"),
    ("Space, Enter", "expand or collapse the section"),
    ("l, Right", "expand; on an expanded section, go to its first subsection"),
    ("h, Left", "collapse; on a collapsed section, go to its parent"),
    ("E", "expand every section"),
    ("C", "collapse every section"),
    ("1 to 9", "show that many levels"),
    ("/", "search titles and text; Enter goes to the next match"),
    ("n, N", "next, previous match"),
    ("g, Home", "first section, top of the document"),
    ("G, End", "last section, end of the document"),
    ("PageDown, Ctrl-F", "a page down"),
    ("PageUp, Ctrl-B", "a page up"),
    ("Ctrl-D, Ctrl-U", "half a page down, up"),
    ("Ctrl-E, Ctrl-Y", "a line down, up"),
    ("?", "this list"),
    ("q", "quit, printing the flags that reproduce the view"),
    ("Ctrl-C", "quit, printing nothing"),
    ("Ctrl-Z", "suspend"),
  ]

  /// The screen, top to bottom: `height` lines of the text output from row `top` (or
  /// the list of keys), then a status line. Each line fits the screen's width; escape
  /// sequences style it as the text writer does, and show the cursor's line and the
  /// status line in inverse video.
  public func screen() -> [String] {
    var lines: [String] = []
    if mode == .help {
      lines = helpLines()
    } else {
      var format = writer.options.lineFormat
      for index in top..<min(top + height, rows.count) {
        format.inverse = index == cursor
        lines.append(
          writer.line(rows[index], in: outline, selection: selection, closed: closedFolds)
            .rendered(format))
      }
    }
    lines += Array(repeating: "", count: max(height - lines.count, 0))
    if screenRows > 0 { lines.append(statusLine()) }
    return lines
  }

  /// How many lines of the list of keys are below the screen when it shows the first.
  var helpOverflow: Int { max(helpText().count - height, 0) }

  /// The list of keys broken into lines of the screen's width: each key's action beside
  /// it, broken between words, or under it on a narrow screen.
  func helpText() -> [String] {
    let width = max(columns, 1)
    let labelColumns = (InteractiveView.keys.map(\.keys.count).max() ?? 0) + 4
    let beside = 3 + labelColumns
    var lines = InteractiveView.broken("Keys (any key goes back)", width: width, indent: 1)
    lines.append("")
    for (keys, action) in InteractiveView.keys {
      if width - beside >= 30 {
        let parts = InteractiveView.broken(action, width: width, indent: beside)
        lines.append("   " + keys.padding(to: labelColumns) + parts[0].dropFirst(beside))
        lines += parts.dropFirst()
      } else {
        lines += InteractiveView.broken(keys, width: width, indent: min(3, width / 4))
        lines += InteractiveView.broken(action, width: width, indent: min(6, width / 4))
      }
    }
    return lines
  }

  /// `text` broken between words into lines of `width` columns, each after `indent`
  /// spaces; a word longer than a line is broken where the line ends. The text is ASCII,
  /// a column a character.
  static func broken(_ text: String, width: Int, indent: Int) -> [String] {
    let room = max(width - indent, 1)
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      var word = Substring(word)
      if !line.isEmpty && line.count + 1 + word.count <= room {
        line += " " + word
        continue
      }
      if !line.isEmpty { lines.append(margin + line) }
      while word.count > room {
        lines.append(margin + word.prefix(room))
        word = word.dropFirst(room)
      }
      line = String(word)
    }
    lines.append(margin + line)
    return lines
  }

  /// The keys from `helpTop`, fitted to the screen.
  private func helpLines() -> [String] {
    let format = TerminalLine.Format(width: columns, ascii: writer.options.ascii)
    return helpText().dropFirst(helpTop).prefix(height).map { text in
      var line = TerminalLine()
      line.append(text)
      return line.rendered(format)
    }
  }

  /// The last line: where the cursor is and how far down the screen is, what was
  /// found, or the search being typed.
  private func statusLine() -> String {
    let plain = TerminalLine.Format(width: columns, ascii: writer.options.ascii)
    if case .searching(let query) = mode {
      // The end of the search, where typing goes, stays on the screen.
      var shown = TerminalText.escaped(query)
      while !shown.isEmpty && DisplayWidth.columns(of: "/" + shown) + 1 > columns {
        shown.removeFirst()
      }
      var line = TerminalLine()
      line.append("/" + shown)
      var block = TerminalLine()
      block.append(" ")
      return line.rendered(plain) + block.rendered(TerminalLine.Format(inverse: true))
    }
    var left: String
    var right = ""
    if mode == .help {
      let overflow = helpOverflow
      left =
        overflow == 0
        ? " q or any other key goes back"
        : " j, k scroll (\(helpTop + height) of \(height + overflow)); q goes back"
    } else if let message {
      left = " " + message
    } else {
      // On a narrow screen the path matters more than the reminder of the keys.
      right = "  " + position + (columns >= 40 ? "  ? keys  q quit " : " ")
      left = " " + path(within: columns - DisplayWidth.columns(of: right) - 1)
    }
    // The left part gives way to the right one.
    let leftColumns = max(columns - DisplayWidth.columns(of: right), 0)
    var leftLine = TerminalLine()
    leftLine.append(left)
    let cut = leftLine.rendered(TerminalLine.Format(width: leftColumns, ascii: plain.ascii))
    var line = TerminalLine()
    line.append(cut)
    line.append(String(repeating: " ", count: max(leftColumns - DisplayWidth.columns(of: cut), 0)))
    line.append(right)
    var bar = plain
    bar.inverse = true
    return line.rendered(bar)
  }

  /// The path of the section under the cursor, as a NAME that `--expand` takes: titles or
  /// keys from the top down, quoted where they need it; its id where the path names other
  /// sections too. When it is wider than `columns`,
  /// the steps nearest the top give way to an ellipsis and a space, so that what is left
  /// is still a NAME, one that may match more.
  private func path(within columns: Int) -> String {
    guard let section = cursorSection else {
      return cursorOnPreamble ? TextWriter.preambleTitle : ""
    }
    // The name the printed flags would give it: an id where a path names others too.
    let name = names.name(of: section)
    var steps =
      name.hasPrefix("#")
      ? [TerminalText.escaped(name)]
      : NameSyntax.steps(of: name).map { TerminalText.escaped($0.written) }
    let ellipsis = writer.options.ascii ? "... " : "… "
    var path = steps.joined(separator: "/")
    while steps.count > 1 && DisplayWidth.columns(of: path) > columns {
      steps.removeFirst()
      path = ellipsis + steps.joined(separator: "/")
    }
    guard DisplayWidth.columns(of: path) > columns, let last = steps.last else { return path }
    return last
  }

  /// How far down the screen is: `All`, `Top`, `Bot` or a percentage, as vim says it.
  private var position: String {
    let last = max(rows.count - height, 0)
    if last == 0 { return "All" }
    if top == 0 { return "Top" }
    if top >= last { return "Bot" }
    return "\(top * 100 / last)%"
  }
}

extension String {
  /// The string followed by spaces up to `count` characters.
  fileprivate func padding(to count: Int) -> String {
    self + String(repeating: " ", count: max(count - self.count, 0))
  }
}
