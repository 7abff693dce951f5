/// Makes large, varied Markdown documents that look like real READMEs, changelogs and
/// API docs, the same on every run for a given seed.
public struct DocumentGenerator {
  private var random: SplitMix

  public init(seed: UInt64) {
    random = SplitMix(seed: seed)
  }

  private let words = [
    "collapse", "section", "outline", "render", "Pacific", "Atlantic", "coral", "reef", "Café",
    "naïve", "日本語", "emoji🎉", "data", "value", "option", "--depth", "flag", "parse", "tree",
    "node", "release", "fixed", "added", "breaking", "change", "API", "v1.2.3", "é", "über",
  ]

  private mutating func pick<T>(_ items: [T]) -> T {
    items[Int(random.next() % UInt64(items.count))]
  }

  private mutating func chance(_ percent: UInt64) -> Bool {
    random.next() % 100 < percent
  }

  private mutating func sentence(_ count: Int) -> String {
    var parts: [String] = []
    for _ in 0..<count {
      let word = pick(words)
      switch random.next() % 12 {
      case 0: parts.append("*\(word)*")
      case 1: parts.append("**\(word)**")
      case 2: parts.append("`\(word)`")
      case 3: parts.append("[\(word)](https://example.org/\(parts.count))")
      case 4: parts.append("[\(word)][ref\(random.next() % 20)]")
      case 5: parts.append("&amp; \(word)")
      default: parts.append(word)
      }
    }
    return parts.joined(separator: " ")
  }

  /// A document of about `size` bytes.
  public mutating func markdown(size: Int) -> String {
    var text = "Preamble: \(sentence(12)).\n\n"
    var level = 1
    while text.utf8.count < size {
      level = max(1, min(6, level + Int(random.next() % 4) - 1))
      let title = sentence(Int(random.next() % 4) + 1)
      if chance(15) && level <= 2 {
        text += "\(title)\n\(level == 1 ? "=====" : "-----")\n\n"
      } else {
        let hint = chance(5) ? " <!-- collapsed -->" : ""
        text += String(repeating: "#", count: level) + " " + title + hint + "\n\n"
      }
      for _ in 0..<(random.next() % 5) {
        text += block() + "\n"
      }
    }
    for index in 0..<20 { text += "[ref\(index)]: https://example.org/ref/\(index)\n" }
    return text
  }

  private mutating func block() -> String {
    switch random.next() % 10 {
    case 0:
      return "```swift\n# not a heading\nlet x = \"\(pick(words))\"\n```\n"
    case 1:
      return "- \(sentence(5))\n- # heading in a list \(pick(words))\n  - nested \(sentence(3))\n"
    case 2:
      return "> # quoted heading \(pick(words))\n> \(sentence(6))\n"
    case 3:
      return "    # indented code \(pick(words))\n    more code\n"
    case 4:
      return "<div class=\"note\">\n\(sentence(4))\n</div>\n"
    case 5:
      return "1. \(sentence(4))\n2. \(sentence(4))\n"
    case 6:
      return "| a | b |\n|---|---|\n| \(pick(words)) | \(pick(words)) |\n"
    default:
      return sentence(Int(random.next() % 30) + 5) + "\n"
    }
  }
}
