import CZlib

/// Inflates gzip as it arrives, chunk by chunk, a member after another as `gzip -dc`
/// does, handing each piece of what it inflates on as it comes.
final class GzipInflater {
  private var stream = z_stream()
  /// Whether the stream stands at the end of a member: nothing, or another, follows.
  private var atMemberEnd = false
  /// Bytes inflated at a time.
  private var output = [UInt8](repeating: 0, count: 1 << 18)

  init() throws(LoadError) {
    let status = inflateInit2_(
      &stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw .gzipUnavailable(zlibStatus: status) }
  }

  deinit { inflateEnd(&stream) }

  /// Inflates `chunk`, the next bytes of the gzip data, passing what comes of it to
  /// `take`.
  func feed(
    _ chunk: UnsafeRawBufferPointer,
    into take: (UnsafeRawBufferPointer) throws(LoadError) -> Void
  ) throws(LoadError) {
    guard let base = chunk.baseAddress, chunk.count > 0 else { return }
    stream.next_in = UnsafeMutablePointer(
      mutating: base.assumingMemoryBound(to: Bytef.self))
    stream.avail_in = uInt(chunk.count)
    reading: while true {
      if atMemberEnd {
        // Another member follows, as `cat a.gz b.gz` makes.
        guard stream.avail_in > 0 else { break }
        inflateReset(&stream)
        atMemberEnd = false
      }
      let (status, made) = output.withUnsafeMutableBytes { space in
        stream.next_out = space.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(space.count)
        let status = inflate(&stream, Z_NO_FLUSH)
        return (status, space.count - Int(stream.avail_out))
      }
      if made > 0 {
        try output.withBytes { (bytes) throws(LoadError) in
          try take(UnsafeRawBufferPointer(rebasing: bytes[..<made]))
        }
      }
      switch status {
      case Z_STREAM_END: atMemberEnd = true
      // Output that did not fit may still be waiting, until some room is left over.
      case Z_OK where stream.avail_in > 0 || stream.avail_out == 0: continue
      case Z_OK, Z_BUF_ERROR: break reading
      case Z_MEM_ERROR: throw LoadError.outOfMemoryInflating
      default:
        let words = stream.msg.map { String(cString: $0) } ?? "status \(status)"
        throw LoadError.corruptGzip("gzip data that cannot be inflated (zlib: \(words))")
      }
    }
    stream.next_in = nil
  }

  /// Throws unless the data read ended where a member ends.
  func finish() throws(LoadError) {
    guard atMemberEnd else { throw .corruptGzip("gzip data cut short: it ends inside a member") }
  }
}
