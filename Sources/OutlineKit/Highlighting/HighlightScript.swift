#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The script that colours a page's fenced code: highlight.js, as Debian ships it
/// (libjs-highlight.js), with only the languages the page's code is written in, inside
/// `colouring.js`, which runs it in a worker made from the same script and gives up on a
/// block that takes too long. Code without a language, or in one it does not know, stays
/// as it is: nothing is guessed.
///
/// Debian's bundle is highlight.js's core followed by one `hljs.registerLanguage("name",
/// …)` call for each language, which is where it is cut; the tests check the cut of the
/// installed bundle against the languages and aliases highlight.js itself registers.
public struct HighlightScript: Sendable {
  /// Where Debian's libjs-highlight.js puts the bundle.
  public static let debianBundle = "/usr/share/javascript/highlight.js/highlight.min.js"

  /// One language's registration.
  struct Language: Sendable {
    let name: String
    /// Where its text is in the bundle.
    let text: Range<Int>
    /// The names its code may be marked with, its own first, in lower case.
    let names: [String]
    /// The languages it highlights parts of its code in (HTML's scripts and styles), or
    /// builds on (Arduino on C++).
    let embedded: [String]
  }

  /// The bundle.
  private let bundle: [UInt8]
  /// Where the bundle's text before its first language ends.
  private let coreEnd: Int
  /// Its languages, in the bundle's order.
  let languages: [Language]
  /// Each language's index by every name it may be marked with.
  private let byName: [String: Int]

  private static let marker = Array("hljs.registerLanguage(\"".utf8)

  /// Cuts `bundle` into its core and languages; nil when it does not read as a bundle, or
  /// holds `</script`, which would end the page's script element early.
  init?(bundle: [UInt8]) {
    let closesScript = bundle.withUnsafeBytes { bytes in
      var from = 0
      while let found = Self.find(Array("</".utf8), in: bytes, from: from) {
        if found + 8 <= bytes.count,
          String(decoding: bytes[(found + 2)..<(found + 8)], as: UTF8.self).lowercased() == "script"
        {
          return true
        }
        from = found + 2
      }
      return false
    }
    guard !closesScript else { return nil }
    let marks = bundle.withUnsafeBytes { bytes in
      var marks: [Int] = []
      var from = 0
      while let found = Self.find(Self.marker, in: bytes, from: from) {
        marks.append(found)
        from = found + Self.marker.count
      }
      return marks
    }
    guard let first = marks.first else { return nil }
    var languages: [Language] = []
    var byName: [String: Int] = [:]
    let found: [Language]? = bundle.withUnsafeBytes { bytes in
      var found: [Language] = []
      for (position, mark) in marks.enumerated() {
        let end = position + 1 < marks.count ? marks[position + 1] : bytes.count
        let text = mark..<end
        let nameStart = mark + Self.marker.count
        guard let nameEnd = Self.find([UInt8(ascii: "\"")], in: bytes, from: nameStart),
          nameEnd < end
        else { return nil }
        let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
        let aliases = Self.strings(after: "aliases:[", in: bytes, within: text, list: true)
        let embedded =
          Self.strings(after: "subLanguage:", in: bytes, within: text, list: false)
          + Self.strings(after: "requireLanguage(", in: bytes, within: text, list: false)
        found.append(
          Language(
            name: name, text: text, names: ([name] + aliases).map { $0.lowercased() },
            embedded: embedded))
      }
      return found
    }
    guard let found else { return nil }
    for language in found {
      for name in language.names where byName[name] == nil { byName[name] = languages.count }
      languages.append(language)
    }
    self.bundle = bundle
    coreEnd = first
    self.languages = languages
    self.byName = byName
  }

  /// The bundle's text before its first language: highlight.js's core.
  var core: String { String(decoding: bundle[..<coreEnd], as: UTF8.self) }

  /// Debian's bundle, read once; nil when it is not installed or not readable.
  public static let installed: HighlightScript? = {
    guard case .success(let bytes) = RegularFile.contents(of: debianBundle, largest: 16 << 20)
    else {
      return nil
    }
    return HighlightScript(bundle: bytes)
  }()

  /// Where `needle` first is in `bytes` from `from`, found with memchr.
  private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
    guard let base = bytes.baseAddress, let head = needle.first else { return nil }
    var index = from
    while index + needle.count <= bytes.count,
      let found = memchr(base + index, Int32(head), bytes.count - index - needle.count + 1)
    {
      index = base.distance(to: UnsafeRawPointer(found))
      if memcmp(base + index, needle, needle.count) == 0 { return index }
      index += 1
    }
    return nil
  }

  /// The quoted strings after each `prefix` within `range` of `bytes`: the first, or with
  /// `list` every one up to the list's `]`. A `subLanguage:` names one language or a list
  /// of them.
  private static func strings(
    after prefix: String, in bytes: UnsafeRawBufferPointer, within range: Range<Int>, list: Bool
  ) -> [String] {
    let prefix = Array(prefix.utf8)
    let quote = UInt8(ascii: "\"")
    var found: [String] = []
    var from = range.lowerBound
    while let start = find(
      prefix, in: UnsafeRawBufferPointer(rebasing: bytes[..<range.upperBound]), from: from)
    {
      var index = start + prefix.count
      from = index
      let isList = list || (index < range.upperBound && bytes[index] == UInt8(ascii: "["))
      if index < range.upperBound, bytes[index] == UInt8(ascii: "[") { index += 1 }
      while index < range.upperBound, bytes[index] == quote,
        let close = find(
          [quote], in: UnsafeRawBufferPointer(rebasing: bytes[..<range.upperBound]), from: index + 1
        )
      {
        found.append(String(decoding: bytes[(index + 1)..<close], as: UTF8.self))
        index = close + 1
        guard isList, index < range.upperBound, bytes[index] == UInt8(ascii: ",") else { break }
        index += 1
      }
      // Only a language's own aliases: its first list.
      if list { break }
    }
    return found
  }

  /// The language code marked `name` is in (an info string's first word, `rust` or `js`),
  /// if highlight.js knows it.
  func language(named name: String) -> String? {
    byName[name.lowercased()].map { languages[$0].name }
  }

  /// The script for code in the languages `names` (as code is marked), with the languages
  /// they embed; nil when highlight.js knows none of them.
  public func script(for names: some Sequence<String>) -> String? {
    var wanted = Set(names.compactMap { byName[$0.lowercased()] })
    guard !wanted.isEmpty else { return nil }
    var pending = Array(wanted)
    while let index = pending.popLast() {
      for name in languages[index].embedded {
        if let embedded = byName[name.lowercased()], wanted.insert(embedded).inserted {
          pending.append(embedded)
        }
      }
    }
    var script = Self.colouring.before + core + "\n"
    for index in wanted.sorted() {
      script += String(decoding: bundle[languages[index].text], as: UTF8.self) + "\n"
    }
    return script + Self.colouring.after
  }

  /// `colouring.js`, cut where highlight.js and the page's languages go.
  static let colouring: (before: String, after: String) = {
    let script = String(decoding: PackageResources.colouring_js, as: UTF8.self)
    let place = "/* highlight.js and the page's languages */\n"
    guard let range = script.firstRange(of: place) else { return (script, "") }
    return (String(script[..<range.upperBound]), String(script[range.upperBound...]))
  }()
}
