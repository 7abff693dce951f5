import OutlineKit

/// The value given to an option, read as the option needs it; a value it cannot take is a
/// usage error that names the option.
struct OptionValue {
  /// The option's long name, without its dashes.
  let option: String
  /// The value as given; empty for a flag.
  let text: String

  /// The value if it is one of `choices`, else a usage error naming them.
  func choice(among choices: [String]) throws(UsageError) -> String {
    if choices.contains(text) { return text }
    var message = "invalid value '\(text)' for --\(option); expected "
    if let last = choices.last {
      message += choices.dropLast().joined(separator: ", ") + " or " + last
    }
    // A near spelling, or an abbreviation whose letters come in order ("md", "txt").
    let abbreviated = choices.first { choice in
      guard let first = text.lowercased().first, first == choice.first else { return false }
      var rest = Substring(choice)
      for letter in text.lowercased() {
        guard let found = rest.firstIndex(of: letter) else { return false }
        rest = rest[rest.index(after: found)...]
      }
      return true
    }
    if let near = nearest(to: text, among: choices, within: max(1, text.count / 3)) ?? abbreviated {
      message += " (did you mean '\(near)'?)"
    }
    throw UsageError(description: message)
  }

  /// auto, always or never.
  func when() throws(UsageError) -> Options.When {
    Options.When(rawValue: try choice(among: Options.When.allCases.map(\.rawValue))) ?? .auto
  }

  /// A whole number of zero or more; numbers too large to hold mean "as many as there are".
  func count() throws(UsageError) -> Int {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      throw UsageError(
        description:
          "invalid value '\(text)' for --\(option); expected a whole number, 0 or more")
    }
    return Int(text) ?? Int.max
  }

  /// A size in bytes, with an optional `K` or `M` for KiB or MiB.
  func byteCount() throws(UsageError) -> Int {
    let invalid = UsageError(
      description:
        "invalid value '\(text)' for --\(option); expected a number of bytes, such as 1048576, 64K, 1.5M or 1G"
    )
    // The unit: K, M or G, each a power of 1024, alone or as KB or KiB, in any case.
    var digits = Substring(text)
    var unit = 1
    let units: [(suffixes: [String], size: Int)] = [
      (["k", "kb", "kib"], 1 << 10), (["m", "mb", "mib"], 1 << 20), (["g", "gb", "gib"], 1 << 30),
      (["b"], 1),
    ]
    let lowered = text.lowercased()
    for (suffixes, size) in units {
      if let suffix = suffixes.last(where: { lowered.hasSuffix($0) }) {
        unit = size
        digits = digits.dropLast(suffix.count)
        break
      }
    }
    let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    guard let whole = parts.first, !whole.isEmpty, isDigits(whole) else { throw invalid }
    let fraction = parts.count == 2 ? parts[1] : ""
    // A fraction of a byte is no size: 1.5 needs a unit.
    guard isDigits(fraction), parts.count == 1 || (!fraction.isEmpty && unit > 1) else {
      throw invalid
    }
    // A number too large to hold is as good as no limit: like --depth and --width.
    guard let number = Int(whole) ?? (whole.count > 18 ? Int.max : nil) else { throw invalid }
    var bytes = number > Int.max / unit ? Int.max : number * unit
    // The fraction's bytes, rounded down: 1.5M is 1,572,864. Nine digits say more than a
    // byte of a GiB, and keep the product within an Int.
    let fractionDigits = fraction.prefix(9)
    if let numerator = Int(fractionDigits) {
      var denominator = 1
      for _ in fractionDigits { denominator *= 10 }
      let extra = unit * numerator / denominator
      bytes = bytes > Int.max - extra ? Int.max : bytes + extra
    }
    guard bytes > 0 else { throw invalid }
    return bytes
  }
}
