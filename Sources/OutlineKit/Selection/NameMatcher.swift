/// Finds the sections a NAME stands for: by title (case and white space ignored), by
/// id, by JSON key or index, by a path of those (`Pacific/Coral`, `regions/0/seas`) that
/// ends at the section, or by a `/regex/` (`/regex/i` ignores case) on titles. `#id`
/// names the one section with that id and nothing else.
struct NameMatcher {
  let outline: Outline
  /// Each section's title as compared, by index.
  lazy var normalizedTitles: [String] = outline.sections.map {
    NameMatcher.normalized($0.title)
  }
  private lazy var byTitle: [String: [Int]] = {
    var index: [String: [Int]] = [:]
    for (position, title) in normalizedTitles.enumerated() {
      index[title, default: []].append(position)
    }
    return index
  }()
  /// The titles as compared, each once, in document order, with a title as written for
  /// each: what "did you mean" picks from.
  private lazy var suggestions: (titles: [String], originals: [String: String]) = {
    var originals: [String: String] = [:]
    var titles: [String] = []
    for (position, title) in normalizedTitles.enumerated() where originals[title] == nil {
      originals[title] = outline.sections[position].title
      titles.append(title)
    }
    // A Kubernetes object's name names it, and is suggested as it stands.
    for (position, name) in normalizedObjectNames.enumerated() {
      guard let name, originals[name] == nil,
        let object = NameMatcher.object(outline.sections[position])
      else { continue }
      originals[name] = String(object.name)
      titles.append(name)
    }
    return (titles, originals)
  }()
  /// The titles shown otherwise than written, with emoji for their shortcodes, as
  /// compared: a NAME copied from what a reader sees names the section too.
  private lazy var byShownTitle: [String: [Int]] = {
    var index: [String: [Int]] = [:]
    for (position, section) in outline.sections.enumerated()
    where section.title.utf8.contains(UInt8(ascii: ":")) {
      let shown = section.shownTitle
      if shown != section.title {
        index[NameMatcher.normalized(shown), default: []].append(position)
      }
    }
    return index
  }()
  lazy var byID: [String: Int] = {
    var index: [String: Int] = [:]
    for (position, id) in outline.ids.enumerated() { index[id] = position }
    return index
  }()
  /// Each section's Kubernetes object name as compared, `argocd-cm` for `ConfigMap
  /// argocd-cm`; nil for a section that is no object.
  lazy var normalizedObjectNames: [String?] = outline.sections.map { section in
    NameMatcher.object(section).map { NameMatcher.normalized(String($0.name)) }
  }
  /// Kubernetes objects by their name, as compared.
  private lazy var byObjectName: [String: [Int]] = {
    var index: [String: [Int]] = [:]
    for (position, name) in normalizedObjectNames.enumerated() {
      if let name { index[name, default: []].append(position) }
    }
    return index
  }()
  private lazy var byKey: [String: [Int]] = {
    var index: [String: [Int]] = [:]
    for (position, section) in outline.sections.enumerated() {
      if let key = section.key { index[key, default: []].append(position) }
    }
    return index
  }()

  /// The time `/regex/` NAMEs may take, shared with every other matcher given it.
  let patterns: PatternBudget
  /// How many runs of a list's parts, or of a path's steps, have been tried as one NAME.
  private(set) var runsTried = 0

  init(outline: Outline, patterns: PatternBudget = PatternBudget()) {
    self.outline = outline
    self.patterns = patterns
  }

  /// The indexes of the sections a list of NAMEs matches, in document order: the list
  /// read whole as one NAME first, so that a title holding commas names its section; only
  /// when that matches nothing is it cut at its commas, each run of parts that is a title
  /// taken whole, longest first.
  ///
  /// Throws every NAME of the list that matches nothing; when no part matches and the
  /// whole list reads best as one NAME (a `/regex/`, or near a title with a comma), only
  /// that one.
  mutating func sections(inList list: String) throws(SelectionFailure) -> [Int] {
    let parts = NameSyntax.names(in: list).map(\.written).filter {
      !$0.trimmingWhiteSpace().isEmpty
    }
    do {
      return try sections(matching: list, suggesting: false)
    } catch .patternTooSlow(let name, let seconds) {
      // Given up on: tried again as parts it would only be given up on again.
      throw SelectionFailure(errors: [.patternTooSlow(name: name, seconds: seconds)])
    } catch {}
    if parts.isEmpty { return [] }
    if parts.count == 1 {
      // A list of one NAME and empty ones, as after a trailing comma.
      do {
        return try sections(matching: parts[0])
      } catch {
        throw SelectionFailure(errors: [error])
      }
    }
    var found: Set<Int> = []
    var errors: [SelectionError] = []
    let runs = commaRuns
    let places = runs.places(in: parts)
    var start = 0
    // Whether the run of `length` parts from `start` is one NAME, whose sections are then
    // found; a pattern that used up the time ends the search, `ended`.
    var ended: SelectionError? = nil
    func joins(_ length: Int) -> Bool {
      runsTried += 1
      let joined = parts[start..<start + length].joined(separator: ",")
      do throws(SelectionError) {
        found.formUnion(try sections(matching: joined, suggesting: false))
        return true
      } catch {
        // The time for patterns is up: the search ends.
        if error.endsCommand { ended = error }
        return error.endsCommand
      }
    }
    while start < parts.count {
      // The longest run of parts that makes one NAME, joined again at its commas.
      let run =
        runs.longestRun(at: places[start], joins)
        ?? Self.pathRun(parts, from: start, places: places, runs: runs, joins)
        ?? Self.patternRun(parts, from: start, joins)
      if let ended { throw SelectionFailure(errors: errors + [ended]) }
      if run == nil {
        do {
          found.formUnion(try sections(matching: parts[start]))
        } catch {
          // The time for patterns is up: no other NAME is looked at.
          if error.endsCommand { throw SelectionFailure(errors: errors + [error]) }
          errors.append(error)
        }
      }
      start += run ?? 1
    }
    // A `/regex/` that holds a comma, or a title with commas mistyped, is one NAME.
    if found.isEmpty {
      let onePattern =
        PatternSearch.pattern(in: list) != nil
        && parts.contains { PatternSearch.pattern(in: $0) == nil }
      // So is a list whose parts were cut at ", ", as a title's are, and all failed.
      let spaced = parts.dropFirst().contains { $0.first?.isWhitespace == true }
      do {
        _ = try sections(matching: list)
      } catch  where onePattern || spaced || error.suggestsComma {
        throw SelectionFailure(errors: [error])
      } catch {}
    }
    if !errors.isEmpty { throw SelectionFailure(errors: errors) }
    return found.sorted()
  }

  /// The indexes of the sections one NAME matches, in document order. A NAME that is a
  /// title, id or key as it stands names those sections, whatever it holds; only
  /// otherwise is it a `/regex/` or a path.
  mutating func sections(matching name: String) throws(SelectionError) -> [Int] {
    try sections(matching: name, suggesting: true)
  }

  /// The sections one NAME matches, as `sections(matching:)` finds them; an error for a
  /// NAME that matches nothing suggests a title only when `suggesting`, which takes a
  /// look at every title.
  private mutating func sections(
    matching name: String, suggesting: Bool
  ) throws(SelectionError) -> [Int] {
    // `#id` names one section by its id alone, as a link to it would.
    if name.hasPrefix("#"), let index = byID[String(name.dropFirst())] { return [index] }
    let whole = candidates(for: name)
    if !whole.isEmpty { return whole.sorted() }
    if let pattern = PatternSearch.pattern(in: name) {
      let found = try sectionsMatching(pattern: pattern, name: name)
      guard !found.isEmpty else { throw .noMatch(name: name, suggestion: nil) }
      return found.sorted()
    }
    var steps = NameSyntax.steps(of: name)
    // `NAME/**`: the named sections and everything under them; `**` alone, everything.
    let subtree = steps.last.map { !$0.quoted && $0.literal == "**" } == true
    if subtree { steps.removeLast() }
    if steps.contains(where: { !$0.quoted && $0.literal == "**" }) {
      throw .misplacedSubtree(name: name)
    }
    let literals = steps.map(\.literal)
    var found: Set<Int>
    switch literals.count {
    case 0: found = Set(outline.sections.indices)
    case 1: found = candidates(for: literals[0])
    default:
      found = sectionsMatching(path: literals)
      // A title with slashes, written as it stands before more steps.
      if found.isEmpty, let merged = mergingTitles(steps) {
        found = merged.count == 1 ? candidates(for: merged[0]) : sectionsMatching(path: merged)
      }
      // kubectl's `KIND/NAME`, after the steps that lead to the object, if any.
      if found.isEmpty { found = sectionsMatching(objectPath: literals) }
    }
    guard !found.isEmpty else {
      guard suggesting else { throw .noMatch(name: name, suggestion: nil) }
      // A jq path (`.info.title`) is suggested as the path that names what it names.
      if let path = NameMatcher.path(ofJQ: name),
        let named = try? sections(matching: path, suggesting: false), !named.isEmpty
      {
        throw .noMatch(name: name, suggestion: path)
      }
      throw .noMatch(name: name, suggestion: closestTitle(to: literals.last ?? name))
    }
    if subtree {
      for index in found { found.formUnion(index..<outline.sections[index].end) }
    }
    return found.sorted()
  }

  /// The path of keys and indexes a jq path (`.info.title`, `.servers[0].url`) stands
  /// for, written as collapse writes paths (`info/title`, `servers/0/url`); nil for any
  /// other NAME, or a key that holds what a step cannot.
  static func path(ofJQ name: String) -> String? {
    guard name.hasPrefix("."), name.count > 1 else { return nil }
    var steps: [String] = []
    var rest = Substring(name)
    while let first = rest.first {
      if first == "." {
        let key = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        guard !key.isEmpty else { return nil }
        steps.append(String(key))
        rest = rest.dropFirst(1 + key.count)
      } else if first == "[" {
        let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(1 + digits.count).first == "]" else { return nil }
        steps.append(String(digits))
        rest = rest.dropFirst(2 + digits.count)
      } else {
        return nil
      }
    }
    return steps.joined(separator: "/")
  }

  /// The runs of a list's parts that may make a title, id or key with commas in it.
  private lazy var commaRuns = RunFinder(names: names, separator: ",")
  /// The runs of a path's steps that may make a title, id or key with slashes in it.
  private lazy var slashRuns = RunFinder(names: names, separator: "/")

  /// Every title, key and id.
  private var names: some Sequence<String> {
    outline.sections.lazy.flatMap { [$0.title] + ($0.key.map { [$0] } ?? []) } + outline.ids
  }

  /// The most parts a `/regex/` NAME with commas in it is joined again from, in a list.
  private static let longestPatternRun = 16

  /// The longest run from `start` that `joins` takes whose first part ends with a path
  /// whose last step begins a title with commas: `Spices/Salt` and ` Pepper`.
  private static func pathRun(
    _ parts: [String], from start: Int, places: [Int], runs: RunFinder, _ joins: (Int) -> Bool
  ) -> Int? {
    guard start + 1 < parts.count, let slash = parts[start].lastIndex(of: "/") else { return nil }
    let tail = parts[start][parts[start].index(after: slash)...]
    return runs.longestRun(at: runs.place(reading: tail, before: places[start + 1]), joins)
  }

  /// The longest run from `start` that `joins` takes and reads as a `/regex/` with commas
  /// in it: `/a{1` and `3}/`.
  private static func patternRun(_ parts: [String], from start: Int, _ joins: (Int) -> Bool)
    -> Int?
  {
    // `/a/,/b/` is two patterns, each whole.
    guard parts[start].hasPrefix("/"), PatternSearch.pattern(in: parts[start]) == nil else {
      return nil
    }
    let longest = min(parts.count - start, Self.longestPatternRun)
    guard longest >= 2 else { return nil }
    for length in stride(from: longest, through: 2, by: -1) {
      let last = parts[start + length - 1]
      if last.hasSuffix("/") || last.hasSuffix("/i"), joins(length) { return length }
    }
    return nil
  }

  /// The sections whose title, id or key is `name`.
  mutating func candidates(for name: String) -> Set<Int> {
    let normalizedName = NameMatcher.normalized(name)
    var found = Set(byTitle[normalizedName] ?? [])
    if let index = byID[NameMatcher.lowercased(name)] { found.insert(index) }
    // `#id` as a step of a path, as in `#install/**`.
    if name.hasPrefix("#"), let index = byID[String(name.dropFirst())] { found.insert(index) }
    if let indexes = byKey[name] { found.formUnion(indexes) }
    if let indexes = byObjectName[normalizedName] { found.formUnion(indexes) }
    // A title written as its heading's Markdown is written: `` `fzf` ``, `**Note**`.
    if found.isEmpty, name.utf8.contains(where: NameMatcher.markdownPunctuation.contains),
      let plain = HeadingText.plainTitle(ofMarkdown: name), plain != name
    {
      found = Set(byTitle[NameMatcher.normalized(plain)] ?? [])
    }
    // A title as shown, with emoji for its shortcodes: `🎉 Release` for `:tada: Release`.
    if found.isEmpty, name.utf8.contains(where: { $0 >= 0x80 }) {
      found = Set(byShownTitle[NameMatcher.normalized(name)] ?? [])
    }
    return found
  }

  /// The characters that may make inline Markdown of a NAME: code, emphasis, links,
  /// raw HTML, escapes and entities.
  private static let markdownPunctuation = Set("`*_~[]<>\\&!".utf8)

  /// The sections that end a chain of nested sections matching `segments`.
  mutating func sectionsMatching(path segments: [String]) -> Set<Int> {
    guard let last = segments.last else { return [] }
    return sectionsMatching(ancestors: segments.dropLast(), of: candidates(for: last))
  }

  /// The sections a path names whose two steps are kubectl's `KIND/NAME` of a Kubernetes
  /// object (`configmap/argocd-cm`, `deploy/web`): the steps before them lead to the
  /// object, and those after go inside it.
  private mutating func sectionsMatching(objectPath segments: [String]) -> Set<Int> {
    var found: Set<Int> = []
    for step in segments.indices.dropLast() {
      let kind = segments[step]
      let named = byObjectName[NameMatcher.normalized(segments[step + 1])] ?? []
      for object in named {
        guard let written = NameMatcher.object(outline.sections[object]),
          KubernetesKind.names(written.kind, written: kind)
        else { continue }
        // The pair becomes the object's `#id`, a step that names it alone.
        let path = segments[..<step] + ["#" + outline.ids[object]] + segments[(step + 2)...]
        found.formUnion(sectionsMatching(path: Array(path)))
      }
    }
    return found
  }

  /// Those of `candidates` whose enclosing sections, nearest first, match `segments`
  /// read from its end.
  private mutating func sectionsMatching(
    ancestors segments: ArraySlice<String>, of candidates: Set<Int>
  ) -> Set<Int> {
    var found: Set<Int> = []
    let ancestorSegments = segments.reversed().map {
      (segment: $0, normalized: NameMatcher.normalized($0))
    }
    for candidate in candidates {
      var cursor = outline.sections[candidate].parent
      var matchesAll = true
      for (segment, normalized) in ancestorSegments {
        guard let parent = cursor, matches(parent, segment, normalized: normalized) else {
          matchesAll = false
          break
        }
        cursor = outline.sections[parent].parent
      }
      if matchesAll { found.insert(candidate) }
    }
    return found
  }

  /// Whether the section at `index` has `segment` as title (compared as `normalized`),
  /// id or key.
  private mutating func matches(_ index: Int, _ segment: String, normalized: String) -> Bool {
    normalizedTitles[index] == normalized || outline.sections[index].key == segment
      || byID[NameMatcher.lowercased(segment)] == index
      || normalizedObjectNames[index] == normalized
      || (segment.hasPrefix("#") && byID[String(segment.dropFirst())] == index)
  }

  /// The steps of a path with each run of plain steps that together make a title, id or
  /// key joined again, the longest first: `docs/fs.md/Usage` when `docs/fs.md` is a file's
  /// title. Nil when no run does.
  private mutating func mergingTitles(_ steps: [NameSyntax.Piece]) -> [String]? {
    var merged: [String] = []
    var start = 0
    var changed = false
    let runs = slashRuns
    let places = runs.places(in: steps.map(\.literal))
    while start < steps.count {
      let taken =
        runs.longestRun(at: places[start]) { length in
          runsTried += 1
          let run = steps[start..<start + length]
          return !run.contains(where: \.quoted)
            && !candidates(for: run.map(\.literal).joined(separator: "/")).isEmpty
        } ?? 1
      merged.append(steps[start..<start + taken].map(\.literal).joined(separator: "/"))
      changed = changed || taken > 1
      start += taken
    }
    return changed ? merged : nil
  }

  /// The sections whose title `pattern` matches, found within what is left of the
  /// command's `patterns` budget (`PatternSearch`).
  private func sectionsMatching(
    pattern: (source: String, ignoresCase: Bool), name: String
  ) throws(SelectionError) -> Set<Int> {
    try PatternSearch.indices(
      of: outline.sections.map(\.title), matching: pattern, name: name, patterns: patterns)
  }

  /// The kind and name of a Kubernetes object's section, from its title (`ConfigMap
  /// argocd-cm`); nil for any other section.
  static func object(_ section: Section) -> (kind: Substring, name: Substring)? {
    guard section.isKubernetesObject, let space = section.title.firstIndex(of: " ") else {
      return nil
    }
    return (section.title[..<space], section.title[section.title.index(after: space)...])
  }

  /// The title nearest to `last`, a NAME or a path's last step, for a "did you mean" hint.
  private mutating func closestTitle(to last: String) -> String? {
    // Each takes a look at every title: a script's hundreds of stale NAMEs get errors
    // at once, and only the first few a hint.
    guard suggestionsLeft > 0 else { return nil }
    suggestionsLeft -= 1
    let (candidates, originals) = suggestions
    // A title that starts with the NAME ("fs.readFile" in "fs.readFile(path, callback)")
    // or holds it ("v2.6.29" in "Release v2.6.29") is what was meant more often than one a
    // few letters away: best one where the NAME ends a word there, then the shortest.
    let wanted = NameMatcher.normalized(last)
    if !wanted.isEmpty {
      var best: (rank: Int, length: Int, title: String)? = nil
      for candidate in candidates {
        guard let rank = NameMatcher.rank(of: wanted, in: candidate) else { continue }
        let length = candidate.unicodeScalars.count
        if best.map({ (rank, length) < ($0.rank, $0.length) }) ?? true {
          best = (rank, length, candidate)
        }
      }
      if let best { return originals[best.title] }
    }
    // Edit distance takes time that grows with the product of the two lengths, so a long
    // NAME is only compared by what it holds: plain NAMEs match in linear time.
    let length = wanted.unicodeScalars.count
    if length <= NameMatcher.longestNameToSpellCheck {
      // A third of the letters wrong at most: past that, a hint is more noise than help.
      let within = length / 3
      let near = candidates.lazy.filter { $0.unicodeScalars.count <= length + within }
      if let found = nearest(to: wanted, among: near, within: within) { return originals[found] }
      // A call is named by what comes before its parentheses as often as whole: `fs.chwon`
      // is a slip of `fs.chown(path, uid, gid, callback)`, too long to be near it whole.
      var heads: [String] = []
      var titleOfHead: [String: String] = [:]
      for candidate in candidates {
        guard let open = candidate.firstIndex(of: "("), open > candidate.startIndex else {
          continue
        }
        let head = String(candidate[..<open])
        guard head.unicodeScalars.count <= length + within, titleOfHead[head] == nil else {
          continue
        }
        heads.append(head)
        titleOfHead[head] = candidate
      }
      if let found = nearest(to: wanted, among: heads, within: within),
        let title = titleOfHead[found]
      {
        return originals[title]
      }
    }
    // A NAME that is a title cut short and finished wrong, as `f(a, b)` for `f(a, b, c)`:
    // the title that starts with the most of it, when that is most of it.
    let scalars = Array(wanted.unicodeScalars)
    var best: (shared: Int, title: String)? = nil
    for candidate in candidates {
      var shared = 0
      for scalar in candidate.unicodeScalars {
        guard shared < scalars.count, scalars[shared] == scalar else { break }
        shared += 1
      }
      if shared > (best?.shared ?? 0) { best = (shared, candidate) }
    }
    guard let best, best.shared >= 4, best.shared * 3 >= scalars.count * 2 else { return nil }
    return originals[best.title]
  }

  /// How well `title` holds `wanted`, best first: at its start and ending a word there (0),
  /// at its start (1), at a word's start (2), anywhere (3); nil when it does not.
  private static func rank(of wanted: String, in title: String) -> Int? {
    guard let found = title.firstRange(of: wanted) else { return nil }
    let isWord = { (character: Character) in
      character.isLetter || character.isNumber || character == "_"
    }
    let atStart = found.lowerBound == title.startIndex
    if atStart {
      // A title that holds it again later may end a word there; the first place decides.
      let endsWord = found.upperBound == title.endIndex || !isWord(title[found.upperBound])
      return endsWord ? 0 : 1
    }
    let before = title[title.index(before: found.lowerBound)]
    return isWord(before) ? 3 : 2
  }

  /// How many more NAMEs that match nothing get a "did you mean".
  private var suggestionsLeft = 20

  /// The longest NAME, in characters, that "did you mean" compares letter by letter.
  static let longestNameToSpellCheck = 64

  /// `text` in lower case; text without capitals, as ids are, is not made again.
  static func lowercased(_ text: String) -> String {
    text.utf8.contains { $0 >= 0x41 && ($0 <= 0x5A || $0 >= 0x80) } ? text.lowercased() : text
  }

  /// A title or NAME as compared: lower case, white space folded.
  static func normalized(_ text: String) -> String {
    // Most titles and keys are printable ASCII without capitals or doubled spaces, which
    // are as they compare: looked at byte by byte, they need no new string.
    var previous: UInt8 = 0x20
    var isNormal = true
    for byte in text.utf8 {
      guard
        byte > 0x20 && byte < 0x7F && !(0x41...0x5A).contains(byte)
          || byte == 0x20 && previous != 0x20
      else {
        isNormal = false
        break
      }
      previous = byte
    }
    if isNormal && previous != 0x20 { return text }
    return foldWhiteSpace(text).lowercased()
  }
}
