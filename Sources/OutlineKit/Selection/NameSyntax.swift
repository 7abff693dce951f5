/// How NAMEs are written: commas separate the NAMEs of a list and slashes the steps of a
/// path, except where a backslash escapes them (`\,` `\/`) or a step stands whole in
/// double quotes (`paths/"/pets/{petId}"/get`), which is taken literally.
///
/// `\"` and `\\` are a quote and a backslash anywhere; any other backslash is itself, so
/// that a `/regex/` keeps its `\d`. A quote counts only around a whole step: it opens one
/// where a step starts and closes one where the step ends, so `say "hi"` is plain text.
enum NameSyntax {
  /// A part of a NAME or of a list, cut at a separator.
  struct Piece: Equatable {
    /// The part as written, escapes and quotes kept.
    var written: String
    /// What the part says: escapes and quotes taken away.
    var literal: String
    /// Whether the part stood whole in double quotes.
    var quoted: Bool
  }

  /// The NAMEs of a list as written, cut at each comma that is not escaped or quoted.
  static func names(in list: String) -> [Piece] {
    pieces(of: list, at: ",", stepsStartAfter: [",", "/"])
  }

  /// The steps of a NAME, cut at each slash that is not escaped or quoted.
  static func steps(of name: String) -> [Piece] {
    pieces(of: name, at: "/", stepsStartAfter: ["/"])
  }

  /// A step written so that it reads back as `text` and as nothing else: as it is when it
  /// holds nothing that means something in a NAME, else (or `always`) in double quotes.
  static func written(step text: String, always: Bool = false) -> String {
    let plain = !text.utf8.contains { $0 == 0x2F || $0 == 0x2C || $0 == 0x22 || $0 == 0x5C }
    // Printable ASCII at either end is not white space; anything else is looked at closer.
    let printable = { (byte: UInt8?) in byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
    let trimmed =
      printable(text.utf8.first) && printable(text.utf8.last) || text.trimmingWhiteSpace() == text
    if !always && plain && trimmed && !text.isEmpty && text != "**" && !text.hasPrefix("#") {
      return text
    }
    var quoted = String.UnicodeScalarView(["\""])
    for scalar in text.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { quoted.append("\\") }
      quoted.append(scalar)
    }
    quoted.append("\"")
    return String(quoted)
  }

  /// A path written from its steps, each as `written(step:)` writes it.
  static func written(path steps: [String], quotingAll: Bool = false) -> String {
    steps.map { written(step: $0, always: quotingAll) }.joined(separator: "/")
  }

  /// `text` cut at each `separator` outside escapes and quoted steps; a step may start
  /// after any of `starts`, so that a list's NAMEs may hold quoted path steps.
  private static func pieces(
    of text: String, at separator: Unicode.Scalar, stepsStartAfter starts: Set<Unicode.Scalar>
  ) -> [Piece] {
    // Scalars, not Characters: a separator that a combining mark follows still separates.
    let scalars = Array(text.unicodeScalars)
    var pieces: [Piece] = []
    var written = String.UnicodeScalarView()
    var literal = String.UnicodeScalarView()
    var quoted = false
    var atStepStart = true
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if atStepStart, scalar == "\"",
        let close = closingQuote(in: scalars, after: index, ends: starts)
      {
        // Whole only when it is all the piece holds: a list's NAME may quote a later step.
        quoted = written.isEmpty && (close + 1 == scalars.count || scalars[close + 1] == separator)
        written.append(contentsOf: scalars[index...close])
        var inner = index + 1
        while inner < close {
          if scalars[inner] == "\\", inner + 1 < close,
            "\"\\".unicodeScalars.contains(scalars[inner + 1])
          {
            inner += 1
          }
          literal.append(scalars[inner])
          inner += 1
        }
        index = close + 1
        atStepStart = false
        continue
      }
      atStepStart = false
      if scalar == "\\", index + 1 < scalars.count,
        "/,\"\\".unicodeScalars.contains(scalars[index + 1])
      {
        written.append(contentsOf: scalars[index...index + 1])
        literal.append(scalars[index + 1])
        quoted = false
        index += 2
        continue
      }
      if scalar == separator {
        pieces.append(Piece(written: String(written), literal: String(literal), quoted: quoted))
        written = String.UnicodeScalarView()
        literal = String.UnicodeScalarView()
        quoted = false
        atStepStart = true
        index += 1
        continue
      }
      if starts.contains(scalar) { atStepStart = true }
      written.append(scalar)
      literal.append(scalar)
      quoted = false
      index += 1
    }
    pieces.append(Piece(written: String(written), literal: String(literal), quoted: quoted))
    return pieces
  }

  /// The index of the quote that closes the one at `open`: the next quote not escaped,
  /// when a step ends right after it; nil when there is none such.
  private static func closingQuote(
    in scalars: [Unicode.Scalar], after open: Int, ends: Set<Unicode.Scalar>
  ) -> Int? {
    var index = open + 1
    while index < scalars.count {
      switch scalars[index] {
      case "\\"
      where index + 1 < scalars.count && "\"\\".unicodeScalars.contains(scalars[index + 1]):
        index += 2
      case "\"":
        guard index + 1 == scalars.count || ends.contains(scalars[index + 1]) else { return nil }
        return index
      default:
        index += 1
      }
    }
    return nil
  }
}
