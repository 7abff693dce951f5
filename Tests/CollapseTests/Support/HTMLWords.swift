import Foundation

/// The words of an HTML document as a reader and a link checker see them: the text
/// between tags with character references decoded, and the values of href and src.
func htmlWords(_ html: String) -> [String: Int] {
  var counts: [String: Int] = [:]
  var text = ""
  var index = html.startIndex
  while index < html.endIndex {
    if html[index] == "<" {
      let close = html[index...].firstIndex(of: ">") ?? html.endIndex
      let tag = html[index..<close]
      for attribute in ["href=\"", "src=\""] {
        if let start = tag.range(of: attribute) {
          let value = tag[start.upperBound...].prefix { $0 != "\"" }
          counts[decodeEntities(String(value)), default: 0] += 1
        }
      }
      // A span is inline: highlighted code splits a word into runs (`日本語<span>54</span>`).
      if !tag.hasPrefix("<span") && !tag.hasPrefix("</span") { text += " " }
      index = close == html.endIndex ? close : html.index(after: close)
    } else {
      text.append(html[index])
      index = html.index(after: index)
    }
  }
  for word in decodeEntities(text).split(whereSeparator: { $0.isWhitespace }) {
    counts[String(word), default: 0] += 1
  }
  return counts
}

/// `text` with the character references cmark writes decoded.
func decodeEntities(_ text: String) -> String {
  text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
    .replacingOccurrences(of: "&amp;", with: "&")
}

/// The words `original` has more often than `copy`, with how many are missing.
func missingWords(from copy: [String: Int], of original: [String: Int]) -> [String: Int] {
  var missing: [String: Int] = [:]
  for (word, count) in original where copy[word, default: 0] < count {
    missing[word] = count - copy[word, default: 0]
  }
  return missing
}
