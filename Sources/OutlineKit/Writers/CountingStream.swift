/// Counts what is written without keeping it.
final class ByteCounter {
  var count = 0
}

struct CountingStream: ByteOutputStream {
  let counter = ByteCounter()

  mutating func write(_ string: String) {
    counter.count += string.utf8.count
  }

  mutating func write(bytes: UnsafeRawBufferPointer) {
    counter.count += bytes.count
  }
}
