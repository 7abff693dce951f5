/// A generated document together with the outline it must be read as, so that a test can
/// say what collapse has to show without asking collapse: the tests' one generator of
/// documents, small or large, the same on every run for a given seed.
///
/// Every word in the document is a token made unique by a number (`coral17`, `café3`), so
/// "no word is lost" means every token turns up in the output, and a section's title
/// tells it apart from every other. The Markdown has what real documents have: ATX and
/// setext headings, skipped levels, closing `#`s, hint comments, front matter, CRLF line
/// ends, `#` lines that are not headings (in code, quotes and lists), emphasis, code
/// spans, inline and reference links with their definitions at the end, entities and
/// tables.
public struct GeneratedOutline {
  public struct Node {
    /// The title as collapse shows it: its words, markup stripped.
    public var title: String
    public var depth: Int
    public var parent: Int?
    /// One past the last node inside this one (nodes are in document order).
    public var end: Int
    /// The words of the node's own content, before its first subsection.
    public var words: [String] = []
    /// The non-blank lines of its own content.
    public var lines = 0
  }

  /// The nodes in document order, each before its subsections.
  public private(set) var nodes: [Node] = []
  /// The words of the preamble, before the first heading.
  public private(set) var preamble: [String] = []
  public private(set) var markdown = ""
  public private(set) var json = ""

  private var random: SplitMix
  private var counter = 0
  /// The reference links used, whose definitions end the document.
  private var references: Set<Int> = []

  private static let stems = [
    "coral", "pacific", "reef", "tide", "outline", "section", "café", "naïve", "über", "日本語",
    "ωmega", "señor", "zürich", "release", "parse", "tree", "node", "value", "option", "delta",
  ]

  /// A document of one to four top-level sections, and then of as many more as make it at
  /// least `size` bytes long.
  public init(seed: UInt64, size: Int = 0) {
    random = SplitMix(seed: seed)
    var lines: [String] = []
    if chance(20) {
      let words = [token(), token()]
      preamble += words
      lines += ["---", "title: \(words[0])", "tags: [\(words[1])]", "---", ""]
    }
    if chance(60) {
      var words: [String] = []
      lines += block(into: &words)
      preamble += words
    }
    let topLevel = Int(random.next() % 4) + 1
    var level = Int(random.next() % 2) + 1
    var made = 0
    var bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
    while made < topLevel || bytes < size {
      let section = section(level: level, parent: nil, depth: 0)
      bytes += section.reduce(0) { $0 + $1.utf8.count + 1 }
      lines += section
      level = max(1, level - Int(random.next() % 2))
      made += 1
    }
    if !references.isEmpty {
      // The content of the last section, after its last block.
      for label in references.sorted() {
        lines.append("[see-\(label)]: https://example.org/see/\(label)")
      }
      nodes[nodes.count - 1].lines += references.count
    }
    let crlf = chance(15)
    markdown = lines.joined(separator: crlf ? "\r\n" : "\n") + (crlf ? "\r\n" : "\n")
    json = makeJSON()
  }

  /// The expanded sections' indexes when `--expand` names the section at `index`.
  public func expanded(byNaming index: Int) -> Set<Int> {
    var result: Set<Int> = []
    var cursor: Int? = index
    while let current = cursor {
      result.insert(current)
      cursor = nodes[current].parent
    }
    return result
  }

  /// What `--outline` prints when the sections in `expanded` are open: each shown
  /// section's line, a collapsed one followed by what it hides.
  public func outlineText(expanded: Set<Int>) -> String {
    var text = ""
    var index = 0
    while index < nodes.count {
      let node = nodes[index]
      let indent = String(repeating: "  ", count: node.depth)
      if expanded.contains(index) {
        text += indent + "▾ " + node.title + "\n"
        index += 1
        continue
      }
      text += indent + "▸ " + node.title
      let sections = node.end - index - 1
      let lines = nodes[index..<node.end].reduce(0) { $0 + $1.lines }
      var parts: [String] = []
      if sections > 0 { parts.append("\(sections) section\(sections == 1 ? "" : "s")") }
      if lines > 0 { parts.append("\(lines) line\(lines == 1 ? "" : "s")") }
      if !parts.isEmpty { text += "  (" + parts.joined(separator: ", ") + ")" }
      text += "\n"
      index = node.end
    }
    return text
  }

  /// Every word of the document.
  public var allWords: [String] { preamble + nodes.flatMap { $0.words + titleWords($0) } }

  public func titleWords(_ node: Node) -> [String] {
    node.title.split(separator: " ").map(String.init)
  }

  /// The id GitHub gives a title made of these words: lower case, joined by `-`.
  public func id(of index: Int) -> String {
    titleWords(nodes[index]).map { $0.lowercased() }.joined(separator: "-")
  }

  // MARK: - Markdown

  private mutating func section(level: Int, parent: Int?, depth: Int) -> [String] {
    let index = nodes.count
    var titleWords: [String] = []
    var titleMarkup: [String] = []
    for _ in 0..<(Int(random.next() % 3) + 1) {
      let word = token()
      titleWords.append(word)
      switch random.next() % 6 {
      case 0: titleMarkup.append("*\(word)*")
      case 1: titleMarkup.append("`\(word)`")
      case 2: titleMarkup.append("[\(word)](https://example.org/)")
      default: titleMarkup.append(word)
      }
    }
    nodes.append(
      Node(title: titleWords.joined(separator: " "), depth: depth, parent: parent, end: 0))
    var title = titleMarkup.joined(separator: " ")
    if chance(10) { title += chance(50) ? " <!-- collapsed -->" : " <!-- expanded -->" }
    var lines: [String]
    if level <= 2 && chance(20) {
      lines = [title, level == 1 ? "=====" : "-----", ""]
    } else {
      let hashes = String(repeating: "#", count: level)
      lines = [hashes + " " + title + (chance(10) ? " " + hashes : ""), ""]
    }
    var words: [String] = []
    for _ in 0..<(random.next() % 3) {
      let block = block(into: &words)
      nodes[index].lines += block.filter { !$0.isEmpty }.count
      lines += block
    }
    nodes[index].words = words
    if depth < 5 && level < 6 && chance(55) {
      // Children may skip a level; a later sibling may be shallower, never deeper.
      var childLevel = min(6, level + 1 + (chance(25) ? 1 : 0))
      for _ in 0..<(Int(random.next() % 3) + 1) {
        lines += section(level: childLevel, parent: index, depth: depth + 1)
        if childLevel > level + 1 && chance(50) { childLevel -= 1 }
      }
    }
    nodes[index].end = nodes.count
    return lines
  }

  /// A block of content, its words added to `words`, followed by a blank line.
  private mutating func block(into words: inout [String]) -> [String] {
    func next(_ count: Int) -> [String] {
      let made = (0..<count).map { _ in token() }
      words += made
      return made
    }
    switch random.next() % 10 {
    case 0:
      let code = next(3)
      return ["```sh", "# \(code[0]) is not a heading", "echo \(code[1]) \(code[2])", "```", ""]
    case 1:
      let item = next(4)
      return ["- \(item[0]) *\(item[1])*", "- # \(item[2])", "  - \(item[3])", ""]
    case 2:
      let quote = next(3)
      return ["> # \(quote[0])", "> \(quote[1]) **\(quote[2])**", ""]
    case 3:
      let code = next(2)
      return ["    # \(code[0])", "    \(code[1])", ""]
    case 4:
      let items = next(2)
      return ["1. \(items[0])", "2. [\(items[1])](https://example.org/)", ""]
    case 5:
      let cells = next(4)
      return [
        "| \(cells[0]) | \(cells[1]) |", "|:---|---:|", "| `\(cells[2])` | \(cells[3]) |", "",
      ]
    default:
      let count = Int(random.next() % 12) + 3
      let line = next(count).map { marked($0) }
      guard count > 6 else { return [line.joined(separator: " "), ""] }
      let half = count / 2
      return [
        line[..<half].joined(separator: " "), line[half...].joined(separator: " "), "",
      ]
    }
  }

  /// `word` as running text has it: mostly plain, else emphasised, in code, linked, or
  /// after an entity.
  private mutating func marked(_ word: String) -> String {
    switch random.next() % 14 {
    case 0: return "*\(word)*"
    case 1: return "**\(word)**"
    case 2: return "`\(word)`"
    case 3: return "[\(word)](https://example.org/\(counter))"
    case 4:
      let label = Int(random.next() % 20)
      references.insert(label)
      return "[\(word)][see-\(label)]"
    case 5: return "&amp; \(word)"
    default: return word
    }
  }

  // MARK: - JSON

  /// The same outline as JSON: each section an object under its title, holding its words
  /// as members before its subsections.
  private func makeJSON() -> String {
    var text = "{"
    var first = true
    if !preamble.isEmpty {
      text += "\"preamble\": [" + preamble.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
      first = false
    }
    var index = 0
    func object(_ index: inout Int) -> String {
      let node = nodes[index]
      var members = node.words.enumerated().map { "\"k\($0.offset)\": \"\($0.element)\"" }
      index += 1
      while index < node.end {
        let title = nodes[index].title
        members.append("\"\(title)\": " + object(&index))
      }
      return "{" + members.joined(separator: ", ") + "}"
    }
    while index < nodes.count {
      if !first { text += ",\n" }
      first = false
      let title = nodes[index].title
      text += "\"\(title)\": " + object(&index)
    }
    return text + "}\n"
  }

  // MARK: - Words

  private mutating func token() -> String {
    counter += 1
    return Self.stems[Int(random.next() % UInt64(Self.stems.count))] + String(counter)
  }

  private mutating func chance(_ percent: UInt64) -> Bool {
    random.next() % 100 < percent
  }
}

/// The generated words in a text: its runs of letters and digits that hold both, as
/// every generated word does and no word of collapse's own does.
public func tokens(in text: String) -> [String] {
  text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init).filter {
    $0.contains(where: \.isLetter) && $0.contains(where: \.isNumber)
  }
}
