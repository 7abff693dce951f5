/// A byte buffer to write to, for the parts of a page that are put aside before they go
/// where they belong.
struct ByteBuffer: ByteOutputStream {
  var bytes: [UInt8] = []

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func write(bytes more: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: more)
  }
}
