extension Member {
  /// The value as a content line shows it: a string in quotes, with JSON escapes for
  /// quotes, backslashes and control characters; anything else as written.
  public var displayValue: String {
    type == .string ? JSONString.quoted(value) : value
  }

  /// What the line is labelled with: `[3]` for an element of an array, the key for a
  /// member (in quotes when it is empty or could be misread), nothing for a lone value.
  public var displayLabel: String? {
    if let index { return "[\(index)]" }
    guard var key else { return nil }
    var text = ""
    key.withUTF8 { MemberText.writeLabel(UnsafeRawBufferPointer($0), to: &text) }
    return text
  }

  /// The content line: `label: value`, or the value alone.
  public var line: String {
    displayLabel.map { "\($0): \(displayValue)" } ?? displayValue
  }
}

extension Members {
  /// Writes the content line of the member at `position`, straight from the store.
  func writeLine<Target: ByteOutputStream>(_ position: Int, to target: inout Target) {
    store.writeLine(position, to: &target)
  }
}

extension ValueStore {
  func writeLine<Target: ByteOutputStream>(_ position: Int, to target: inout Target) {
    let record = records[position]
    bytes.withUnsafeBytes { bytes in
      if record.index != UInt32.max {
        target.write("[\(record.index)]: ")
      } else if record.keyLength != UInt32.max {
        let key = UnsafeRawBufferPointer(
          rebasing: bytes[Int(record.keyStart)..<Int(record.keyStart + record.keyLength)])
        MemberText.writeLabel(key, to: &target)
        target.write(": ")
      }
      let value = UnsafeRawBufferPointer(
        rebasing: bytes[Int(record.valueStart)..<Int(record.valueStart + record.valueLength)])
      if record.type == .string {
        JSONString.write(value, to: &target)
      } else {
        target.write(bytes: value)
      }
    }
  }
}
