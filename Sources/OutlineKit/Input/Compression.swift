import CZlib

/// The compressions a document may come in, told by their first bytes, whatever its name.
enum Compression: Equatable {
  /// gzip, which collapse inflates as it reads (`.md.gz`, as Debian ships its documents).
  case gzip
  /// One that collapse does not read, with the program that does.
  case other(program: String)

  /// The most bytes `compression(of:final:)` looks at.
  static let longestMagic = 10

  /// The compression the first bytes of a document say, nil for none; nil too while fewer
  /// than `longestMagic` have arrived and more may, and they could still say one.
  static func of(_ bytes: ArraySlice<UInt8>, final: Bool) -> Compression?? {
    let known: [(magic: [UInt8], compression: Compression)] = [
      ([0x1F, 0x8B], .gzip),
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], .other(program: "xz")),
      ([0x28, 0xB5, 0x2F, 0xFD], .other(program: "zstd")),
    ]
    for (magic, compression) in known {
      if bytes.starts(with: magic) { return compression }
      if !final, bytes.count < magic.count, magic.starts(with: bytes) { return nil }
    }
    // bzip2: `BZh`, the block size as a digit, then the magic of a block (the digits of
    // pi) or of the stream's end (those of the square root of pi), which no text holds.
    let bzip2 = Array("BZh".utf8)
    if bytes.starts(with: bzip2) || bzip2.starts(with: bytes) {
      if !final, bytes.count < longestMagic { return nil }
      let block: [UInt8] = [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
      let end: [UInt8] = [0x17, 0x72, 0x45, 0x38, 0x50, 0x90]
      let digit = bytes.dropFirst(3).first ?? 0
      let after = bytes.dropFirst(4)
      if (0x31...0x39).contains(digit), after.starts(with: block) || after.starts(with: end) {
        return .other(program: "bzip2")
      }
    }
    return .some(nil)
  }

  /// A file name without the extension that says this compression: `README.md` for
  /// `README.md.gz`, so that the rest says the format.
  static func uncompressedName(_ name: String) -> String {
    for suffix in [".gz", ".GZ", ".Gz", ".gZ"] where name.hasSuffix(suffix) {
      return String(name.dropLast(suffix.count))
    }
    return name
  }
}

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
    guard status == Z_OK else { throw .other("cannot inflate gzip: zlib's status \(status)") }
  }

  deinit { inflateEnd(&stream) }

  /// Inflates `chunk`, the next bytes of the gzip data, passing what comes of it to
  /// `take`.
  func feed(
    _ chunk: UnsafeRawBufferPointer, into take: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
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
        try output.withUnsafeBytes { try take(UnsafeRawBufferPointer(rebasing: $0[..<made])) }
      }
      switch status {
      case Z_STREAM_END: atMemberEnd = true
      // Output that did not fit may still be waiting, until some room is left over.
      case Z_OK where stream.avail_in > 0 || stream.avail_out == 0: continue
      case Z_OK, Z_BUF_ERROR: break reading
      case Z_MEM_ERROR: throw LoadError.other("not enough memory to inflate gzip")
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
