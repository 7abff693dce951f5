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
  /// that, only adds its size, so that counting an output again with sections cut renders
  /// nothing (`-DPLAIN_PARTS` renders every part each time; bench/tricks.md says what
  /// this gains).
  mutating func writePart(_ key: PartKey, _ write: (inout CountingStream) -> Void) {
    #if PLAIN_PARTS
      write(&self)
    #else
      if let size = parts.known[key] {
        counter.count += size
        return
      }
      let before = counter.count
      parts.madeOne()
      write(&self)
      parts.known[key] = counter.count - before
    #endif
  }

  var measuresFromMemory: Bool {
    #if PLAIN_PARTS
      false
    #else
      parts.complete
    #endif
  }
}
