/// Counts what is written without keeping it.
final class ByteCounter {
  var count = 0
}

/// Where a part of an output comes from that is the same wherever it stands and whatever
/// is cut around it: a content run (by the document or JSON values it belongs to, and
/// where it starts there), or a section's title (by the section's index, and for a
/// summary that tells what a closed section hides, whether it is open).
struct PartKey: Hashable {
  let source: ObjectIdentifier?
  let start: Int
  var variant = 0

  static func title(_ index: Int) -> PartKey { PartKey(source: nil, start: index) }

  static func summary(_ index: Int, open: Bool) -> PartKey {
    PartKey(source: nil, start: index, variant: open ? 1 : 2)
  }
}

/// The sizes of an output's parts, measured once while the whole output is counted, so
/// that counting it again with sections cut costs no rendering.
final class PartSizes {
  var known: [PartKey: Int] = [:]
  /// Whether every part has been measured: the whole output has been counted once.
  var complete = false
  /// How many times a part was made to be measured, over every count.
  private(set) var made = 0
  /// How many counts of the output were begun.
  private(set) var counts = 0

  fileprivate func madeOne() { made += 1 }
  fileprivate func countBegun() { counts += 1 }
}

struct CountingStream: ByteOutputStream {
  let counter = ByteCounter()
  let parts: PartSizes

  init(parts: PartSizes = PartSizes()) {
    self.parts = parts
    parts.countBegun()
  }

  mutating func write(_ string: String) {
    counter.count += string.utf8.count
  }

  mutating func write(bytes: UnsafeRawBufferPointer) {
    counter.count += bytes.count
  }
}

extension ByteOutputStream {
  /// Writes the part `key` with `write`; a `CountingStream` that has measured it before
  /// only adds its size.
  mutating func writePart(_ key: PartKey, _ write: (inout Self) -> Void) {
    guard let counting = self as? CountingStream else { return write(&self) }
    if let size = counting.parts.known[key] {
      counting.counter.count += size
      return
    }
    let before = counting.counter.count
    counting.parts.madeOne()
    write(&self)
    counting.parts.known[key] = counting.counter.count - before
  }

  /// Whether this is a `CountingStream` that knows the size of every part, so that
  /// nothing needs rendering.
  var measuresFromMemory: Bool {
    (self as? CountingStream)?.parts.complete ?? false
  }
}

extension Content {
  /// The part this run is of an output.
  var partKey: PartKey {
    switch body {
    case .markdown(let blocks):
      return PartKey(source: ObjectIdentifier(blocks.document), start: blocks.container)
    case .members(let members):
      return PartKey(source: ObjectIdentifier(members.store), start: members.startIndex)
    }
  }
}
