import Dispatch

/// Finds the sections a NAME stands for: by title (case and white space ignored), by
/// id, by JSON key or index, by a path of those (`Pacific/Coral`, `regions/0/seas`) that
/// ends at the section, or by a `/regex/` (`/regex/i` ignores case) on titles. `#id`
/// names the one section with that id and nothing else.
struct NameMatcher {
  private let outline: Outline
  private lazy var byTitle: [String: [Int]] = {
    var index: [String: [Int]] = [:]
    for (position, section) in outline.sections.enumerated() {
      index[NameMatcher.normalized(section.title), default: []].append(position)
    }
    return index
  }()
  private lazy var byID: [String: Int] = {
    var index: [String: Int] = [:]
    for (position, id) in outline.ids.enumerated() { index[id] = position }
    return index
  }()
  private lazy var byKey: [String: [Int]] = {
    var index: [String: [Int]] = [:]
    for (position, section) in outline.sections.enumerated() {
      if let key = section.key { index[key, default: []].append(position) }
    }
    return index
  }()

  init(outline: Outline) {
    self.outline = outline
  }

  /// The indexes of the sections `name` matches, in document order.
  mutating func sections(matching name: String) throws(SelectionError) -> [Int] {
    // `#id` names one section by its id alone, as a link to it would.
    if name.hasPrefix("#"), let index = byID[String(name.dropFirst())] { return [index] }
    var found: Set<Int> = []
    if name.count >= 2, name.first == "/", let pattern = NameMatcher.pattern(in: name) {
      found = try sectionsMatching(pattern: pattern, name: name)
    } else {
      found = candidates(for: name)
      // Split by scalars: a `/` that a combining mark follows is one Character with it.
      let segments = name.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
        .map { String(String.UnicodeScalarView($0)) }
      if segments.count > 1 { found.formUnion(sectionsMatching(path: segments)) }
    }
    guard !found.isEmpty else {
      throw .noMatch(name: name, suggestion: closestTitle(to: name))
    }
    return found.sorted()
  }

  /// The sections whose title, id or key is `name`.
  private mutating func candidates(for name: String) -> Set<Int> {
    var found = Set(byTitle[NameMatcher.normalized(name)] ?? [])
    if let index = byID[name.lowercased()] { found.insert(index) }
    if let indexes = byKey[name] { found.formUnion(indexes) }
    return found
  }

  /// The sections that end a chain of nested sections matching `segments`.
  private mutating func sectionsMatching(path segments: [String]) -> Set<Int> {
    guard let last = segments.last else { return [] }
    var found: Set<Int> = []
    let ancestorSegments = segments.dropLast().reversed()
    for candidate in candidates(for: last) {
      var cursor = outline.sections[candidate].parent
      var matchesAll = true
      for segment in ancestorSegments {
        guard let parent = cursor, matches(parent, segment) else {
          matchesAll = false
          break
        }
        cursor = outline.sections[parent].parent
      }
      if matchesAll { found.insert(candidate) }
    }
    return found
  }

  private mutating func matches(_ index: Int, _ segment: String) -> Bool {
    let section = outline.sections[index]
    return NameMatcher.normalized(section.title) == NameMatcher.normalized(segment)
      || byID[segment.lowercased()] == index || section.key == segment
  }

  /// The sections whose title `pattern` matches, found within `patternTimeLimit`.
  ///
  /// A regular expression that backtracks, like `/(a|aa)*b/` on a long title, can take
  /// longer than anyone waits, and Swift's `Regex` cannot be stopped: it runs on another
  /// thread, which is left to finish alone when it takes too long.
  private func sectionsMatching(
    pattern: (source: String, ignoresCase: Bool), name: String
  ) throws(SelectionError) -> Set<Int> {
    do {
      _ = try Regex(pattern.source)
    } catch {
      throw .invalidPattern(name: name, reason: "\(error)")
    }
    let sections = outline.sections
    let found = Matched()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      // Made again here: a Regex cannot be handed to another thread.
      guard let regex = try? Regex(pattern.source).ignoresCase(pattern.ignoresCase) else {
        done.signal()
        return
      }
      var matched: Set<Int> = []
      for position in sections.indices where sections[position].title.contains(regex) {
        matched.insert(position)
      }
      found.value = matched
      done.signal()
    }
    guard done.wait(timeout: .now() + NameMatcher.patternTimeLimit) == .success,
      let matched = found.value
    else {
      throw .patternTooSlow(name: name, seconds: NameMatcher.patternTimeLimit)
    }
    return matched
  }

  /// How long, in seconds, a `/regex/` NAME may take to match every title.
  static let patternTimeLimit: Double = 10

  /// The pattern of a `/regex/` or `/regex/i` NAME.
  private static func pattern(in name: String) -> (source: String, ignoresCase: Bool)? {
    if name.hasSuffix("/i"), name.count >= 3 {
      return (String(name.dropFirst().dropLast(2)), true)
    }
    if name.hasSuffix("/") { return (String(name.dropFirst().dropLast()), false) }
    return nil
  }

  /// The title nearest to `name` (or to a path's last part), for a "did you mean" hint.
  private func closestTitle(to name: String) -> String? {
    let last =
      name.unicodeScalars.split(separator: "/").last.map { String(String.UnicodeScalarView($0)) }
      ?? name
    var originals: [String: String] = [:]
    var candidates: [String] = []
    for section in outline.sections {
      let normalized = NameMatcher.normalized(section.title)
      if originals[normalized] == nil {
        originals[normalized] = section.title
        candidates.append(normalized)
      }
    }
    // A title that holds the NAME ("v2.6.29" in "Release v2.6.29") is what was meant more
    // often than one a few letters away; the shortest such title is the likeliest.
    let wanted = NameMatcher.normalized(last)
    if !wanted.isEmpty,
      let holder = candidates.filter({ $0.contains(wanted) }).min(by: { $0.count < $1.count })
    {
      return originals[holder]
    }
    // Edit distance takes time that grows with the product of the two lengths, so a long
    // NAME is only compared by what it holds: plain NAMEs match in linear time.
    let length = wanted.unicodeScalars.count
    guard length <= NameMatcher.longestNameToSpellCheck else { return nil }
    // A third of the letters wrong at most: past that, a hint is more noise than help.
    let within = length / 3
    let near = candidates.lazy.filter { $0.unicodeScalars.count <= length + within }
    return nearest(to: wanted, among: near, within: within).flatMap { originals[$0] }
  }

  /// The longest NAME, in characters, that "did you mean" compares letter by letter.
  static let longestNameToSpellCheck = 64

  /// A title or NAME as compared: lower case, white space folded.
  static func normalized(_ text: String) -> String {
    foldWhiteSpace(text).lowercased()
  }
}

/// The sections a `/regex/` matched, found on another thread; the semaphore it signals
/// orders the write before the read.
private final class Matched: @unchecked Sendable {
  var value: Set<Int>?
}
