/// Turns arbitrary bytes into valid UTF-8, chunk by chunk.
///
/// Each ill-formed sequence becomes U+FFFD, as Swift's `String(decoding:as:)` and cmark
/// do; NUL becomes U+FFFD as well, as CommonMark asks. A sequence split between two
/// chunks is held back until the next one arrives.
struct UTF8Repair {
  private var pending: [UInt8] = []
  private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
  /// Where the replacements made so far stand, to find an offset of the input again.
  private(set) var offsets = RepairedOffsets()

  /// Appends the valid UTF-8 for `chunk` to `output`, holding back an unfinished sequence.
  mutating func repair(_ chunk: UnsafeRawBufferPointer, into output: inout [UInt8]) {
    if pending.isEmpty {
      let held = UTF8Repair.appendValid(
        chunk.bindMemory(to: UInt8.self), into: &output, offsets: &offsets)
      pending.append(contentsOf: chunk[(chunk.count - held)...])
    } else {
      var joined = pending
      joined.append(contentsOf: chunk)
      pending.removeAll()
      let held = joined.withUnsafeBufferPointer {
        UTF8Repair.appendValid($0, into: &output, offsets: &offsets)
      }
      pending.append(contentsOf: joined[(joined.count - held)...])
    }
  }

  /// Takes it that the output's first `count` bytes, which held no replacement, were taken
  /// away, so that the offsets given are those of what is left.
  mutating func leftOutStart(_ count: Int) {
    offsets.shift(by: -count)
  }

  /// Appends a replacement for a sequence left unfinished at the end of the input.
  mutating func finish(into output: inout [UInt8]) {
    if !pending.isEmpty {
      output.append(contentsOf: UTF8Repair.replacement)
      offsets.replaced(growing: 3 - pending.count, from: output.count - 3, to: output.count)
      pending.removeAll()
    }
  }

  /// Repairs a whole input at once.
  static func repaired(_ bytes: [UInt8]) -> [UInt8] {
    var repair = UTF8Repair()
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    bytes.withUnsafeBytes { repair.repair($0, into: &output) }
    repair.finish(into: &output)
    return output
  }

  /// Appends the valid UTF-8 for `input` and returns how many bytes at its end form the
  /// start of a sequence that may be completed by later input.
  private static func appendValid(
    _ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
    offsets: inout RepairedOffsets
  ) -> Int {
    let count = input.count
    var index = 0
    var copiedUpTo = 0
    let raw = UnsafeRawBufferPointer(input)
    // The run of replacements just made, recorded when it ends: 40 MB of NUL is one run
    // (`-DPLAIN_RUNS` records each replacement; bench/tricks.md says what this gains).
    var run = (start: -1, end: -1, growth: 0)
    defer { offsets.replaced(growing: run.growth, from: run.start, to: run.end) }
    while index < count {
      // ASCII without NUL, the common case, is copied as it is.
      index = ByteScan.skip(raw, from: index, unless: ByteScan.flagNotASCIIOrNUL)
      guard index < count else { break }
      let byte = input[index]
      if byte < 0x80 && byte != 0 {
        index += 1
        continue
      }
      let length = sequenceLength(input, at: index)
      if length > 0 {
        index += length
        continue
      }
      if length == 0 {
        // The sequence is well-formed so far but the input ends inside it.
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copiedUpTo..<index]))
        return count - index
      }
      if copiedUpTo < index {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copiedUpTo..<index]))
      }
      // Byte by byte: appending an array of three costs more than three bytes do.
      output.append(0xEF)
      output.append(0xBF)
      output.append(0xBD)
      #if PLAIN_RUNS
        offsets.replaced(growing: 3 + length, from: output.count - 3, to: output.count)
      #else
        if run.end != output.count - 3 {
          offsets.replaced(growing: run.growth, from: run.start, to: run.end)
          run = (output.count - 3, output.count - 3, 0)
        }
        run.end = output.count
        run.growth += 3 + length
      #endif
      index += -length
      copiedUpTo = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copiedUpTo..<count]))
    return 0
  }

  /// The length of the sequence that `lead` starts in well-formed UTF-8: 1 for ASCII (and
  /// for a continuation byte, which starts none), 2 to 4 for a lead byte.
  static func leadLength(_ lead: UInt8) -> Int {
    lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
  }

  /// The scalar value of the well-formed sequence at `index`, and its length.
  static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
    value: UInt32, length: Int
  ) {
    let lead = bytes[index]
    let length = leadLength(lead)
    var value = UInt32(lead) & (length == 1 ? 0x7F : length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length where index + offset < bytes.count {
      value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
    }
    return (value, length)
  }

  /// The length of the well-formed sequence at `index`; 0 if the input ends before the
  /// sequence does; or minus the length of the maximal ill-formed subpart to replace.
  static func sequenceLength(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = input[index]
    let needed: Int
    var lowest: UInt8 = 0x80
    var highest: UInt8 = 0xBF
    switch lead {
    case 0x00: return -1
    case 0xC2...0xDF: needed = 1
    case 0xE0:
      needed = 2
      lowest = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: needed = 2
    case 0xED:
      needed = 2
      highest = 0x9F
    case 0xF0:
      needed = 3
      lowest = 0x90
    case 0xF1...0xF3: needed = 3
    case 0xF4:
      needed = 3
      highest = 0x8F
    default: return -1
    }
    for offset in 1...needed {
      let position = index + offset
      guard position < input.count else { return 0 }
      let byte = input[position]
      let (low, high) = offset == 1 ? (lowest, highest) : (UInt8(0x80), UInt8(0xBF))
      if byte < low || byte > high { return -offset }
    }
    return needed + 1
  }
}
