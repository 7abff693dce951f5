/// What is wrong with a `/regex/` NAME that does not compile, in plain words and with
/// where: the common slips (a bracket or parenthesis left open or closing nothing, a
/// repeat with nothing to repeat, a backslash at the end) are found here, with the
/// character that starts them; anything else is placed where the regex engine stopped.
struct PatternProblem {
  /// The 1-based character of the NAME, its leading `/` counted, where the problem is.
  let character: Int
  /// What is wrong, in words.
  let words: String

  /// The problem with `source`, the pattern between the slashes, which `error` says the
  /// engine could not read.
  init(source: String, error: any Error) {
    let characters = Array(source)
    if let found = PatternProblem.slip(in: characters) {
      self = found
      return
    }
    // One character on for the NAME's leading slash.
    let place = PatternProblem.place(of: error, in: source).map { $0 + 1 } ?? 1
    self.init(character: place + 1, words: PatternProblem.words(for: error, source: source))
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

  /// Where in `source`, in characters from 0, the engine stopped reading, when its error
  /// says so: the engine keeps the place in a field that reflection can see.
  private static func place(of error: any Error, in source: String) -> Int? {
    for (_, value) in reflected(error) {
      if let range = value as? Range<String.Index>,
        range.lowerBound >= source.startIndex && range.lowerBound <= source.endIndex
      {
        return source.distance(from: source.startIndex, to: range.lowerBound)
      }
    }
    return nil
  }

  /// Plain words for what the engine found, by the kind of problem it names.
  private static func words(for error: any Error, source: String) -> String {
    for (label, _) in reflected(error) {
      switch label {
      case "invalidQuantifierRange":
        return "a repeat count {m,n} needs m no larger than n"
      case "invalidCharacterRange":
        return "a range in [ ] runs backwards; write the smaller character first"
      case "unknownProperty":
        return "\\p{…} names no Unicode property collapse knows"
      case "unknownGroupKind":
        return "(? starts no kind of group collapse knows; write \\( for a parenthesis"
      default:
        continue
      }
    }
    return "it cannot be read as a regular expression from here on"
  }

  /// The values an error holds, each with the name of the field or case it is found
  /// under, breadth first from the error itself, the first few hundred at most.
  private static func reflected(_ error: any Error) -> [(label: String?, value: Any)] {
    var found: [(label: String?, value: Any)] = [(nil, error)]
    var next = 0
    while next < found.count && found.count < 256 {
      found += Mirror(reflecting: found[next].value).children.map { ($0.label, $0.value) }
      next += 1
    }
    return found
  }
}
