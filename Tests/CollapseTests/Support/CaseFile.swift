import Foundation
import Testing

/// One case of a case file: a command line, its input, and what it must print.
///
/// Case files read like cmark's spec.txt: a `##` heading says what the case shows; a
/// fence of 32 backticks followed by `case`, an optional `exit=N`, and the arguments
/// opens it; lines holding a single `.` separate the input, the expected standard
/// output and, optionally, the expected standard error. `→` stands for a tab, and in the
/// input `⟨C0 80⟩` stands for the bytes it lists in hexadecimal, which need not be UTF-8.
struct Case: Sendable, CustomTestStringConvertible {
  let file: String
  let line: Int
  let name: String
  let arguments: [String]
  let input: [UInt8]
  let output: String
  let errors: String
  let status: Int32

  var testDescription: String { "\(file):\(line): \(name)" }

  static let fence = String(repeating: "`", count: 32)

  /// The case files of `Tests/Cases`: each file's name, its cases, and what in it could
  /// not be read, which fails the run.
  static func files() -> [(name: String, cases: [Case], problems: [String])] {
    let folder = packageRoot.appendingPathComponent("Tests/Cases")
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return [("Tests/Cases", [], ["the folder cannot be read"])]
    }
    return names.filter { $0.hasSuffix(".txt") }.sorted().map { name in
      guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
        let text = String(data: data, encoding: .utf8)
      else { return (name, [], ["\(name): cannot be read as UTF-8"]) }
      var problems: [String] = []
      let cases = parse(text, file: name, problems: &problems)
      return (name, cases, problems)
    }
  }

  /// Every case in the files of `Tests/Cases`.
  static func all() -> [Case] {
    files().flatMap(\.cases)
  }

  static func parse(_ text: String, file: String, problems: inout [String]) -> [Case] {
    var cases: [Case] = []
    var heading = ""
    // Split on LF alone: a case may hold CRLF line ends, which Swift sees as one character.
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }[...]
    var number = 0
    while let line = lines.popFirst() {
      number += 1
      if line.hasPrefix("#") {
        heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        continue
      }
      guard line.hasPrefix(fence + " case") else {
        if line.hasPrefix(fence) {
          problems.append("\(file):\(number): a fence that opens no case")
        }
        continue
      }
      let start = number
      var parts: [[String]] = [[]]
      var closed = false
      while let body = lines.popFirst() {
        number += 1
        if body == fence {
          closed = true
          break
        }
        if body.hasPrefix(fence + " case") {
          // The next case begins: this one was not closed; read that one as it stands.
          lines.insert(body, at: lines.startIndex)
          number -= 1
          break
        }
        if body == "." {
          parts.append([])
        } else {
          parts[parts.count - 1].append(body.replacingOccurrences(of: "→", with: "\t"))
        }
      }
      guard closed else {
        problems.append("\(file):\(start): the case is not closed")
        continue
      }
      guard var words = shellWords(String(line.dropFirst(fence.count + 5))) else {
        problems.append("\(file):\(start): a quote is left open")
        continue
      }
      var status: Int32 = 0
      if let first = words.first, first.hasPrefix("exit=") {
        guard let value = Int32(first.dropFirst(5)) else {
          problems.append("\(file):\(start): \(first) is not an exit status")
          continue
        }
        status = value
        words.removeFirst()
      }
      guard parts.count <= 3 else {
        problems.append("\(file):\(start): more than input, output and errors")
        continue
      }
      func joined(_ index: Int) -> String {
        index < parts.count && !parts[index].isEmpty
          ? parts[index].joined(separator: "\n") + "\n" : ""
      }
      cases.append(
        Case(
          file: file, line: start, name: heading, arguments: words, input: withBytes(joined(0)),
          output: joined(1), errors: joined(2), status: status))
    }
    return cases
  }

  /// `text` in UTF-8, with each `⟨…⟩` of hexadecimal bytes replaced by those bytes.
  static func withBytes(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var rest = text[...]
    while let open = rest.firstIndex(of: "⟨"), let close = rest[open...].firstIndex(of: "⟩") {
      let listed = rest[rest.index(after: open)..<close].split(separator: " ")
      let values = listed.compactMap { UInt8($0, radix: 16) }
      // Anything else between the brackets is kept as it stands, and the case then fails.
      bytes +=
        Array(rest[..<open].utf8)
        + (values.count == listed.count ? values : Array(rest[open...close].utf8))
      rest = rest[rest.index(after: close)...]
    }
    return bytes + Array(rest.utf8)
  }

  /// Splits a command line into words, with single and double quotes; nil when a quote is
  /// left open.
  static func shellWords(_ line: String) -> [String]? {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character? = nil
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    guard quote == nil else { return nil }
    if inWord { words.append(current) }
    return words
  }
}
