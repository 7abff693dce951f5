/// Counts what an output would take without keeping it, measuring each of its parts once
/// in `parts`.
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

  /// Writes the part `key` with `write` the first time it is met, measuring it; after
  /// that, only adds its size.
  mutating func writePart(_ key: PartKey, _ write: (inout CountingStream) -> Void) {
    if let size = parts.known[key] {
      counter.count += size
      return
    }
    let before = counter.count
    parts.madeOne()
    write(&self)
    parts.known[key] = counter.count - before
  }

  var measuresFromMemory: Bool { parts.complete }
}
