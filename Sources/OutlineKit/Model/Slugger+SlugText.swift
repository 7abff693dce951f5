extension Slugger {
  /// The slug of `title` before de-duplication.
  public static func baseSlug(_ title: String) -> String {
    var scalars: [UInt32: [UInt8]?] = [:]
    var title = title
    let capacity = title.utf8.count * 3
    return title.withUTF8 { title in
      String(unsafeUninitializedCapacity: capacity) {
        baseSlug(title, into: $0, scalars: &scalars)
      }
    }
  }

  #if !PLAIN_SLUG_TEXT
    /// Writes the slug of the UTF-8 `title` into `slug`, which has room for three times as
    /// many bytes, and returns its length. Printable ASCII goes through a table, and what
    /// each other scalar becomes is looked up once (`-DPLAIN_SLUG_TEXT` builds the slug
    /// from the title's scalars instead; bench/tricks.md says what this gains).
    static func baseSlug(
      _ bytes: UnsafeBufferPointer<UInt8>, into slug: UnsafeMutableBufferPointer<UInt8>,
      scalars: inout [UInt32: [UInt8]?]
    ) -> Int {
      var length = 0
      var index = 0
      let asciiSlug = Slugger.asciiSlug
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
        // A String holds valid UTF-8.
        let (value, sequenceLength) = UTF8Repair.scalar(bytes, at: index)
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
  #else
    /// Writes the slug of the UTF-8 `title` into `slug` as plain Swift would make it, from
    /// the title's scalars, and returns its length.
    static func baseSlug(
      _ bytes: UnsafeBufferPointer<UInt8>, into slug: UnsafeMutableBufferPointer<UInt8>,
      scalars: inout [UInt32: [UInt8]?]
    ) -> Int {
      var text = ""
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        switch scalar {
        case "A"..."Z": text += scalar.properties.lowercaseMapping
        case "a"..."z", "0"..."9", "_": text.unicodeScalars.append(scalar)
        case " ", "-": text += "-"
        default:
          guard scalar.value >= 0x80, isWordScalar(scalar) else { continue }
          text += scalar.properties.lowercaseMapping
        }
      }
      var length = 0
      for byte in text.utf8 where length < slug.count {
        slug[length] = byte
        length += 1
      }
      return length
    }
  #endif

  /// Whether a scalar of a title stays in its slug, as GitHub keeps letters, marks,
  /// numbers and `_`.
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
