/// The scalars of one document of structured data (JSON, YAML): keys and values back to
/// back in one buffer, and a small record for each member, so that a large document costs
/// no allocation per value. Conditions (`--expand-where`) read every format's values here.
final class ValueStore {
  /// One member: where its key and value are in `bytes`, its index, its type.
  struct Record {
    var keyStart: UInt32
    /// `UInt32.max` when the member has no key.
    var keyLength: UInt32
    var valueStart: UInt32
    var valueLength: UInt32
    /// `UInt32.max` when the member is not an array element.
    var index: UInt32
    var type: Member.ValueType
    /// How many records that follow it are inside it, at any depth.
    var contents: UInt32 = 0
  }

  // Filled by one reader, then only read: run-time exclusivity checks buy nothing here
  // (`-DPLAIN_EXCLUSIVITY` keeps them).
  #if PLAIN_EXCLUSIVITY
    private(set) var bytes: [UInt8] = []
    private(set) var records: [Record] = []
  #else
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    @exclusivity(unchecked) private(set) var records: [Record] = []
  #endif

  /// Makes room for `count` bytes of keys and values, and the members they may hold
  /// (JSON spends a few bytes of punctuation on each).
  func reserveCapacity(bytes count: Int) {
    bytes.reserveCapacity(min(count, Int(UInt32.max)))
    records.reserveCapacity(count / 16)
  }

  /// Stores UTF-8 text and returns where it went, or nil when the store is full (4 GiB).
  func store(_ text: UnsafeBufferPointer<UInt8>) -> (start: UInt32, length: UInt32)? {
    let start = bytes.count
    guard start + text.count < Int(UInt32.max) else { return nil }
    bytes.append(contentsOf: text)
    return (UInt32(start), UInt32(text.count))
  }

  func append(_ record: Record) {
    records.append(record)
  }

  /// Lets go of the records from `position` on: those of a document that could not be read.
  func removeRecords(from position: Int) {
    if position < records.count { records.removeSubrange(position...) }
  }

  /// Ends the object or array at `position` (stored as `.object` or `.array`) after the
  /// records stored since, which it holds; one that holds none is empty.
  func close(_ position: Int) {
    let contents = records.count - position - 1
    records[position].contents = UInt32(contents)
    if contents == 0 {
      records[position].type = records[position].type == .object ? .emptyObject : .emptyArray
    }
  }

  /// Stores again the records in `range` (an alias's anchored value), the first labelled
  /// by `key` and `index` in place of its own; their texts are not copied.
  func appendCopy(of range: Range<Int>, key: (start: UInt32, length: UInt32)?, index: UInt32) {
    guard let first = range.first else { return }
    var head = records[first]
    head.keyStart = key?.start ?? 0
    head.keyLength = key?.length ?? UInt32.max
    head.index = index
    records.append(head)
    // One at a time: a slice of `records` held while it grows would copy it whole.
    for position in range.dropFirst() { records.append(records[position]) }
  }

  /// Replaces each surrogate code point written as UTF-8 (ED A0–BF xx), which is not valid
  /// UTF-8 but which yajl's check of a string's bytes lets through, by U+FFFD (EF BF BD),
  /// of the same length.
  func replaceSurrogates(start: UInt32, length: UInt32) {
    var index = Int(start)
    let end = Int(start + length)
    while index + 2 < end {
      if bytes[index] == 0xED && bytes[index + 1] >= 0xA0 {
        bytes[index] = 0xEF
        bytes[index + 1] = 0xBF
        bytes[index + 2] = 0xBD
        index += 3
      } else {
        index += 1
      }
    }
  }

  /// Makes the record at `position` a lone value, neither keyed nor indexed.
  func unlabel(_ position: Int) {
    records[position].keyLength = UInt32.max
    records[position].index = UInt32.max
  }

  var count: Int { records.count }

  /// The text stored at `start`.
  func text(start: UInt32, length: UInt32) -> String {
    bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start + length)]), as: UTF8.self
      )
    }
  }

  func member(_ position: Int) -> Member {
    let record = records[position]
    return Member(
      key: record.keyLength == UInt32.max
        ? nil : text(start: record.keyStart, length: record.keyLength),
      index: record.index == UInt32.max ? nil : Int(record.index),
      value: text(start: record.valueStart, length: record.valueLength), type: record.type,
      contents: Int(record.contents))
  }
}
