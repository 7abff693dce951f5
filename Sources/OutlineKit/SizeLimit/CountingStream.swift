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
