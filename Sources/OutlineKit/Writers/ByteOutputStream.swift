/// A text stream that also takes UTF-8 bytes, so that writers can copy source lines and
/// cmark's output without first making Strings of them.
public protocol ByteOutputStream: TextOutputStream {
  /// Writes `bytes`, which are valid UTF-8.
  mutating func write(bytes: UnsafeRawBufferPointer)
}

extension String: ByteOutputStream {
  public mutating func write(bytes: UnsafeRawBufferPointer) {
    self += String(decoding: bytes, as: UTF8.self)
  }
}
