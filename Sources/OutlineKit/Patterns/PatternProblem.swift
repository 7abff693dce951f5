import CPcre2

/// What is wrong with a `/regex/` NAME that does not compile, in plain words and with
/// where: the common slips (a bracket or parenthesis left open or closing nothing, a
/// repeat with nothing to repeat, a backslash at the end) are found here, with the
/// character that starts them; anything else is placed where the regex engine stopped.
struct PatternProblem {
  /// The 1-based character of the NAME, its leading `/` counted, where the problem is.
  let character: Int
  /// What is wrong, in words.
  let words: String

  /// The problem with `source`, the pattern between the slashes, which PCRE2 could not
  /// compile.
  init(source: String, failure: CompiledPattern.Failure) {
    let characters = Array(source)
    if let found = PatternProblem.slip(in: characters) {
      self = found
      return
    }
    // PCRE2 says where it stopped in bytes; the NAME is told of in characters, from 1,
    // its leading slash counted. A place past the end is the last character.
    let read = String(decoding: source.utf8.prefix(failure.offset), as: UTF8.self).count
    let place = min(read, max(characters.count - 1, 0))
    self.init(character: place + 2, words: PatternProblem.words(for: failure))
  }

  private init(character: Int, words: String) {
    self.character = character
    self.words = words
  }

  /// The first common slip in a pattern, by a reading that knows escapes, classes,
  /// groups and repeats, and nothing more.
  private static func slip(in characters: [Character]) -> PatternProblem? {
    var groups: [Int] = []
    var classStart: Int? = nil
    // Whether something stands before the next repeat, and whether that is a repeat.
    var repeatable = false
    var afterRepeat = false
    var index = 0
    while index < characters.count {
      let character = characters[index]
      // Characters of the NAME, counted from 1 with the leading slash.
      let place = index + 2
      if character == "\\" {
        guard index + 1 < characters.count else {
          return PatternProblem(
            character: place, words: "the \\ at the end escapes nothing; write \\\\ for a backslash"
          )
        }
        index += 2
        repeatable = classStart == nil
        afterRepeat = false
        continue
      }
      if let start = classStart {
        // A ] first in a class, or after its ^, is itself.
        let first = index == start + 1 || (index == start + 2 && characters[start + 1] == "^")
        if character == "]" && !first { classStart = nil }
        repeatable = classStart == nil
        index += 1
        continue
      }
      switch character {
      case "[":
        classStart = index
        afterRepeat = false
      case "(":
        groups.append(index)
        repeatable = false
        afterRepeat = false
        // `(?:`, `(?i)` and the like: the ? belongs to the group.
        if index + 1 < characters.count && characters[index + 1] == "?" { index += 1 }
      case ")":
        guard groups.popLast() != nil else {
          return PatternProblem(
            character: place, words: "the ) closes no group; write \\) for a parenthesis")
        }
        repeatable = true
        afterRepeat = false
      case "|":
        repeatable = false
        afterRepeat = false
      case "*", "+", "?":
        // `*?` and `*+` make a repeat lazy or possessive.
        if afterRepeat && character != "*" {
          afterRepeat = false
          repeatable = false
        } else if !repeatable {
          return PatternProblem(
            character: place,
            words:
              "the \(character) has nothing before it to repeat; write \\\(character) for the character itself"
          )
        } else {
          afterRepeat = true
          repeatable = false
        }
      default:
        repeatable = true
        afterRepeat = false
      }
      index += 1
    }
    if let start = classStart {
      return PatternProblem(
        character: start + 2, words: "the [ is never closed with ]; write \\[ for a bracket")
    }
    if let open = groups.last {
      return PatternProblem(
        character: open + 2, words: "the ( is never closed with ); write \\( for a parenthesis")
    }
    return nil
  }

  /// Plain words for what PCRE2 found: the common kinds in collapse's own, the rest in
  /// PCRE2's.
  private static func words(for failure: CompiledPattern.Failure) -> String {
    switch failure.code {
    case PCRE2_ERROR_QUANTIFIER_OUT_OF_ORDER:
      return "a repeat count {m,n} needs m no larger than n"
    case PCRE2_ERROR_CLASS_RANGE_ORDER:
      return "a range in [ ] runs backwards; write the smaller character first"
    case PCRE2_ERROR_UNKNOWN_UNICODE_PROPERTY, PCRE2_ERROR_MALFORMED_UNICODE_PROPERTY:
      return "\\p{…} names no Unicode property collapse knows"
    case PCRE2_ERROR_UNSUPPORTED_ESCAPE_SEQUENCE:
      return "\\u, \\U, \\l, \\L, \\N{name} and \\F are not PCRE2's; write a character by its "
        + "code point as \\x{e9}"
    case PCRE2_ERROR_INVALID_AFTER_PARENS_QUERY:
      return "(? starts no kind of group collapse knows; write \\( for a parenthesis"
    default:
      let message = failure.message
      return message.isEmpty ? "it cannot be read as a regular expression from here on" : message
    }
  }
}
