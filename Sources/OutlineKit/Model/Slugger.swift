#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes GitHub-style anchors from titles and keeps them unique in one document.
///
/// Like GitHub's: lower case, punctuation and symbols dropped, every space turned
/// into `-`; a repeated slug gets `-1`, `-2`, … in document order.
public struct Slugger {
  private var taken: Set<UTF8Key> = []
  private var repeats: [UTF8Key: Int] = [:]
  /// What each non-ASCII scalar seen so far becomes in a slug (nil: dropped), since
  /// looking up Unicode properties costs more than looking up this.
  private var scalars: [UInt32: [UInt8]?] = [:]

  public init() {}

  /// A slugger with room for `count` slugs.
  public init(capacity count: Int) {
    taken.reserveCapacity(count)
  }

  /// The slug of `title`, unique among the slugs this slugger has made.
  public mutating func slug(for title: String) -> String {
    var base = Slugger.baseSlug(title, scalars: &scalars)
    if base.isEmpty { base = "section" }
    if taken.insert(UTF8Key(base)).inserted { return base }
    var count = repeats[UTF8Key(base), default: 0]
    var candidate: String
    repeat {
      count += 1
      candidate = base + "-" + String(count)
    } while !taken.insert(UTF8Key(candidate)).inserted
    repeats[UTF8Key(base)] = count
    return candidate
  }

  /// The slug of `title` before de-duplication.
  public static func baseSlug(_ title: String) -> String {
    var scalars: [UInt32: [UInt8]?] = [:]
    return baseSlug(title, scalars: &scalars)
  }

  private static func baseSlug(_ title: String, scalars: inout [UInt32: [UInt8]?]) -> String {
    var title = title
    return title.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count * 3) { slug in
        var length = 0
        var index = 0
        while index < bytes.count {
          let byte = bytes[index]
          if byte < 0x80 {
            // Lower case letters, digits and _ stay, upper case is lowered, a space or -
            // is -, and any other ASCII is dropped.
            let mapped = asciiSlug[Int(byte)]
            if mapped != 0 {
              slug[length] = mapped
              length += 1
            }
            index += 1
            continue
          }
          // A String holds valid UTF-8: the lead byte gives the sequence's length.
          let sequenceLength = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
          var value =
            UInt32(byte) & (sequenceLength == 2 ? 0x1F : sequenceLength == 3 ? 0x0F : 0x07)
          for offset in 1..<sequenceLength where index + offset < bytes.count {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
          }
          index += sequenceLength
          let replacement: [UInt8]?
          if let known = scalars[value] {
            replacement = known
          } else {
            if let scalar = Unicode.Scalar(value), isWordScalar(scalar) {
              replacement = Array(scalar.properties.lowercaseMapping.utf8)
            } else {
              replacement = nil
            }
            scalars[value] = replacement
          }
          // A lower-case mapping is at most three times as long as the scalar's UTF-8.
          for byte in replacement ?? [] where length < slug.count {
            slug[length] = byte
            length += 1
          }
        }
        return length
      }
    }
  }

  /// What each ASCII byte becomes in a slug; 0 for nothing.
  private static let asciiSlug: [UInt8] = (0..<128).map { value in
    let byte = UInt8(value)
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte + 0x20
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"):
      return byte
    case UInt8(ascii: " "), UInt8(ascii: "-"): return UInt8(ascii: "-")
    default: return 0
    }
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark,
      .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
      return true
    default:
      return false
    }
  }
}

/// A string compared and hashed by its UTF-8 bytes, as JavaScript compares anchors,
/// which spares the Unicode normalization that String's own hashing does.
struct UTF8Key: Hashable {
  let string: String

  init(_ string: String) {
    self.string = string
  }

  func hash(into hasher: inout Hasher) {
    let hashed = string.utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if hashed == nil {
      for byte in string.utf8 { hasher.combine(byte) }
    }
  }

  static func == (left: UTF8Key, right: UTF8Key) -> Bool {
    let compared = left.string.utf8.withContiguousStorageIfAvailable { leftBytes in
      right.string.utf8.withContiguousStorageIfAvailable { rightBytes in
        leftBytes.count == rightBytes.count
          && (leftBytes.isEmpty
            || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0)
      }
    }
    return (compared ?? nil) ?? left.string.utf8.elementsEqual(right.string.utf8)
  }
}
