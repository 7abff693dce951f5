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
      var slug: [UInt8] = []
      slug.reserveCapacity(bytes.count)
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x80 {
          switch byte {
          case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte + 0x20)
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"):
            slug.append(byte)
          case UInt8(ascii: " "), UInt8(ascii: "-"): slug.append(UInt8(ascii: "-"))
          default: break
          }
          index += 1
          continue
        }
        // A String holds valid UTF-8: the lead byte gives the sequence's length.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length where index + offset < bytes.count {
          value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        index += length
        if let known = scalars[value] {
          if let known { slug.append(contentsOf: known) }
          continue
        }
        var replacement: [UInt8]? = nil
        if let scalar = Unicode.Scalar(value), isWordScalar(scalar) {
          replacement = Array(scalar.properties.lowercaseMapping.utf8)
        }
        scalars[value] = replacement
        if let replacement { slug.append(contentsOf: replacement) }
      }
      return String(decoding: slug, as: UTF8.self)
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
