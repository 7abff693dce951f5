import CYaml

/// Types YAML's scalars as the YAML 1.2 core schema does, for the store of values that
/// conditions read: a plain scalar by what it says (`null`, `~` or nothing; `true`,
/// `False`; `12`, `0o14`, `0xC`; `1.5`, `.inf`, `.nan`), a quoted or block scalar as a
/// string, and a scalar tagged `!!str`, `!!null`, `!!bool`, `!!int` or `!!float` as its tag
/// says. libyaml parses and leaves typing to its caller, so the schema's rules are here.
enum YAMLCoreSchema {
  /// What a scalar's style and tag say of its type, before its text is looked at.
  enum Typing: UInt8, Sendable {
    /// Plain and untagged: typed by its text.
    case plain
    case string, null, boolean, integer, float
  }

  /// How the core schema types a scalar of libyaml's `style` and `tag` (nil when it has
  /// none); a tag of another schema or an application's (`!Ref`) leaves it a string.
  static func typing(style: yaml_scalar_style_t, tag: UnsafePointer<yaml_char_t>?) -> Typing {
    guard let tag else { return style == YAML_PLAIN_SCALAR_STYLE ? .plain : .string }
    switch String(cString: tag) {
    case "tag:yaml.org,2002:null": return .null
    case "tag:yaml.org,2002:bool": return .boolean
    case "tag:yaml.org,2002:int": return .integer
    case "tag:yaml.org,2002:float": return .float
    default: return .string
    }
  }

  /// A scalar's type and the text the store keeps for it: a string as it is (nil), `null`,
  /// `true` or `false`, a number as a decimal that `Double` reads back (`0x1F` as `31.0`,
  /// `.inf` as `inf`). A tagged scalar whose text its tag does not take is a string.
  static func resolve(_ text: UnsafeBufferPointer<UInt8>, typing: Typing) -> (
    type: Member.ValueType, value: String?
  ) {
    // A string keeps its text as written: nil, so that no String is made for it.
    switch typing {
    case .string:
      return (.string, nil)
    case .null:
      return (.null, "null")
    case .boolean:
      return boolean(text).map { (.boolean, $0 ? "true" : "false") } ?? (.string, nil)
    case .integer:
      return integer(text).map { (.number, "\($0)") } ?? (.string, nil)
    case .float:
      return (float(text) ?? integer(text)).map { (.number, "\($0)") } ?? (.string, nil)
    case .plain:
      guard mayBeOtherThanString(text) else { return (.string, nil) }
      if isNull(text) { return (.null, "null") }
      if let value = boolean(text) { return (.boolean, value ? "true" : "false") }
      if let number = integer(text) ?? float(text) { return (.number, "\(number)") }
      return (.string, nil)
    }
  }

  /// Whether a plain scalar's first byte is one that a null, a boolean or a number may
  /// start with (or there is none): most strings are told by it alone.
  private static func mayBeOtherThanString(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = text.first else { return true }
    switch first {
    case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"),
      UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return false
    }
  }

  /// `null`, `Null`, `NULL`, `~`, or nothing.
  static func isNull(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    text.isEmpty || matches(text, "~") || matches(text, "null") || matches(text, "Null")
      || matches(text, "NULL")
  }

  /// `true`, `True`, `TRUE`, `false`, `False` or `FALSE`.
  static func boolean(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
    if matches(text, "true") || matches(text, "True") || matches(text, "TRUE") { return true }
    if matches(text, "false") || matches(text, "False") || matches(text, "FALSE") { return false }
    return nil
  }

  /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`, as a number.
  static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    if text.count > 2, text[0] == UInt8(ascii: "0") {
      if text[1] == UInt8(ascii: "o") { return digits(text.dropFirst(2), radix: 8) }
      if text[1] == UInt8(ascii: "x") { return digits(text.dropFirst(2), radix: 16) }
    }
    var rest = text[...]
    if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      rest = rest.dropFirst()
    }
    guard !rest.isEmpty, rest.allSatisfy(isDigit) else { return nil }
    return Double(String(decoding: text, as: UTF8.self))
  }

  /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.(inf|Inf|INF)` or
  /// `\.nan`, `\.NaN`, `\.NAN`, as a number.
  static func float(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var rest = text[...]
    var sign = 1.0
    if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      sign = first == UInt8(ascii: "-") ? -1 : 1
      rest = rest.dropFirst()
    }
    let word = UnsafeBufferPointer(rebasing: rest)
    if matches(word, ".inf") || matches(word, ".Inf") || matches(word, ".INF") {
      return sign * .infinity
    }
    if rest.count == text.count,
      matches(text, ".nan") || matches(text, ".NaN") || matches(text, ".NAN")
    {
      return .nan
    }
    let whole = rest.prefix(while: isDigit)
    rest = rest.dropFirst(whole.count)
    var fraction = 0
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      fraction = rest.prefix(while: isDigit).count
      rest = rest.dropFirst(fraction)
      // `.` alone, or `.e1`, is no number.
      if whole.isEmpty && fraction == 0 { return nil }
    } else if whole.isEmpty {
      return nil
    }
    if let e = rest.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      rest = rest.dropFirst()
      if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
        rest = rest.dropFirst()
      }
      let exponent = rest.prefix(while: isDigit).count
      if exponent == 0 { return nil }
      rest = rest.dropFirst(exponent)
    }
    guard rest.isEmpty else { return nil }
    // A decimal number now, which Double reads as the schema means it, whatever the locale.
    return Double(String(decoding: text, as: UTF8.self))
  }

  /// The value of `text`'s digits in `radix`; nil unless every byte is one.
  private static func digits(_ text: Slice<UnsafeBufferPointer<UInt8>>, radix: Int) -> Double? {
    guard !text.isEmpty else { return nil }
    var value = 0.0
    for byte in text {
      let digit: Int
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
      default: return nil
      }
      guard digit < radix else { return nil }
      value = value * Double(radix) + Double(digit)
    }
    return value
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func matches(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    text.elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }
}
