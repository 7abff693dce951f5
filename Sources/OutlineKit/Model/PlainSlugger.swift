#if PLAIN_SLUGGER
  /// The slugger as plain Swift would write it, `[String: Int]` and Strings, built with
  /// `-DPLAIN_SLUGGER` for `make bench` to measure what the one in Slugger.swift gains.
  ///
  /// Makes GitHub-style anchors from titles and keeps them unique in one document.
  public struct Slugger {
    /// Every slug made so far, and for a repeated one the last number given to it.
    private var made: [String: Int] = [:]

    public init() {}

    public init(capacity count: Int) {
      made.reserveCapacity(count)
    }

    public mutating func slug(for title: String) -> String {
      var base = Slugger.baseSlug(title)
      if base.isEmpty { base = "section" }
      guard var count = made[base] else {
        made[base] = 0
        return base
      }
      var candidate: String
      repeat {
        count += 1
        candidate = base + "-" + String(count)
      } while made[candidate] != nil
      made[candidate] = 0
      made[base] = count
      return candidate
    }

    public static func baseSlug(_ title: String) -> String {
      var slug = ""
      for scalar in title.unicodeScalars {
        switch scalar {
        case "A"..."Z": slug += scalar.properties.lowercaseMapping
        case "a"..."z", "0"..."9", "_": slug.unicodeScalars.append(scalar)
        case " ", "-": slug += "-"
        default:
          guard scalar.value >= 0x80 else { continue }
          switch scalar.properties.generalCategory {
          case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter,
            .otherLetter, .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
            slug += scalar.properties.lowercaseMapping
          default: continue
          }
        }
      }
      return slug
    }
  }
#endif
