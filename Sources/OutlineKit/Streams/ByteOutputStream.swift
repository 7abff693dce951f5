/// A text stream that also takes UTF-8 bytes, so that writers can copy source lines and
/// cmark's output without first making Strings of them.
///
/// A stream that can fail (a file on a full disk, a pipe whose reader went away) keeps
/// why, drops what is written after, and throws it from `checkFailure()`. Writers check
/// at each section and at the end, so that a failed output stops being made within a
/// section, and they throw what it throws; writing to a stream that cannot fail, such
/// as a String, throws nothing.
public protocol ByteOutputStream: TextOutputStream {
  /// Why writing to the stream fails: `Never` for one that cannot.
  associatedtype Failure: Error = Never

  /// Writes `bytes`, which are valid UTF-8.
  mutating func write(bytes: UnsafeRawBufferPointer)

  /// Throws why a write failed, once one has.
  func checkFailure() throws(Failure)

  /// Writes the part `key` of the output with `write`. A stream that only counts bytes,
  /// for `--max-bytes`, may add the size it measured before instead.
  mutating func writePart(_ key: PartKey, _ write: (inout Self) -> Void)

  /// Whether the stream only counts bytes and knows the size of every part already, so
  /// that nothing needs rendering.
  var measuresFromMemory: Bool { get }
}

extension ByteOutputStream where Failure == Never {
  public func checkFailure() {}
}

extension ByteOutputStream {
  /// Writes a text the program holds as it is, with no String made of it.
  public mutating func write(static text: StaticString) {
    write(bytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Writes the part.
  public mutating func writePart(_ key: PartKey, _ write: (inout Self) -> Void) {
    write(&self)
  }

  /// False: the stream keeps what is written.
  public var measuresFromMemory: Bool { false }
}

extension String: ByteOutputStream {
  public mutating func write(bytes: UnsafeRawBufferPointer) {
    self += String(decoding: bytes, as: UTF8.self)
  }
}
