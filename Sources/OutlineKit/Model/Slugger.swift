/// Makes GitHub-style anchors from titles and keeps them unique in one document.
///
/// Like GitHub's: lower case, punctuation and symbols dropped, every space turned
/// into `-`; a repeated slug gets `-1`, `-2`, … in document order.
public struct Slugger {
  private var taken: Set<String> = []
  private var repeats: [String: Int] = [:]

  public init() {}

  /// The slug of `title`, unique among the slugs this slugger has made.
  public mutating func slug(for title: String) -> String {
    var base = Slugger.baseSlug(title)
    if base.isEmpty { base = "section" }
    var candidate = base
    while taken.contains(candidate) {
      let count = repeats[base, default: 0] + 1
      repeats[base] = count
      candidate = "\(base)-\(count)"
    }
    taken.insert(candidate)
    return candidate
  }

  /// The slug of `title` before de-duplication.
  public static func baseSlug(_ title: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in title.lowercased().unicodeScalars {
      if scalar == " " || scalar == "-" {
        result.append("-")
      } else if scalar == "_" || isWordScalar(scalar) {
        result.append(scalar)
      }
    }
    return String(result)
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let value = scalar.value
      return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value)
        || (0x41...0x5A).contains(value)
    }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark,
      .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
      return true
    default:
      return false
    }
  }
}
