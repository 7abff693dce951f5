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
