import TestSupport
import Testing

@testable import OutlineKit

@Suite("text broken to a width")
struct InlineTextTests {
  @Test("words are put on a line while they fit, one space between them")
  func greedy() {
    var text = InlineText()
    text.append("one two three four five")
    #expect(text.lines(width: 9).map(\.plain) == ["one two", "three", "four five"])
    #expect(text.lines(width: nil).map(\.plain) == ["one two three four five"])
  }

  @Test("runs of spaces are one, and no line starts or ends with one")
  func spaces() {
    var text = InlineText()
    text.append("  a    b  ")
    text.append("  c", TextStyle(bold: true))
    #expect(text.lines(width: nil).map(\.plain) == ["a b c"])
    #expect(text.lines(width: 3).map(\.plain) == ["a b", "c"])
  }

  @Test("a word that spans pieces stays whole; a word wider than a line is cut")
  func words() {
    var text = InlineText()
    text.append("see ")
    text.append("bold", TextStyle(bold: true))
    text.append("face now")
    #expect(text.lines(width: 9).map(\.plain) == ["see", "boldface", "now"])
    var long = InlineText()
    long.append("x abcdefghij y")
    #expect(long.lines(width: 4).map(\.plain) == ["x", "abcd", "efgh", "ij y"])
  }

  @Test("wide characters take two columns and are never split")
  func wide() {
    var text = InlineText()
    text.append("大西洋と太平洋 ok")
    let lines = text.lines(width: 5)
    #expect(lines.map(\.plain) == ["大西", "洋と", "太平", "洋 ok"])
    #expect(lines.map(\.columns) == [4, 4, 4, 5])
  }

  @Test("a line break ends a line, and the styles of the pieces are kept")
  func breaksAndStyles() {
    var text = InlineText()
    text.append("one ")
    text.append("two", TextStyle(italic: true))
    text.breakLine()
    text.append("three")
    let lines = text.lines(width: nil)
    #expect(lines.map(\.plain) == ["one two", "three"])
    #expect(lines[0].pieces.map(\.style.italic) == [false, true])
  }

  @Test("on random text, lines fit the width and keep every word in order")
  func randomText() throws {
    let seed = try #require(TestSeed.value(default: 34), "\(TestSeed.variable) is not a number")
    let rerun = "\(TestSeed.variable)=\(seed)"
    var generator = SplitMix(seed: seed)
    let words = ["a", "bb", "word", "longerword", "日本語", "café", "e\u{301}t\u{e9}", "🎉", "x_y"]
    let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(italic: true)]
    for _ in 0..<500 {
      var text = InlineText()
      var expected = ""
      for _ in 0..<Int(generator.next() % 30) {
        let word = words[Int(generator.next() % UInt64(words.count))]
        let separator = ["", " ", "  ", "\t"][Int(generator.next() % 4)]
        text.append(word + separator, styles[Int(generator.next() % UInt64(styles.count))])
        expected += word + separator
      }
      let width = 1 + Int(generator.next() % 14)
      let lines = text.lines(width: width)
      for line in lines {
        #expect(line.columns == DisplayWidth.columns(of: line.plain), "\(rerun)")
        #expect(line.columns <= max(width, 2), "\(rerun): \(line.plain) in \(width)")
        #expect(!line.plain.hasPrefix(" ") && !line.plain.hasSuffix(" "), "\(rerun)")
      }
      // Nothing but spaces is lost or added: the characters are the same, in order.
      let kept = lines.map(\.plain).joined().filter { $0 != " " }
      #expect(kept == expected.filter { $0 != " " && $0 != "\t" }, "\(rerun)")
    }
  }
}

@Suite("tables drawn for the terminal")
struct DrawnTableTests {
  @Test("columns keep their widths when they fit; else the widest are narrowed first")
  func fit() {
    #expect(DrawnTable.fit([3, 10, 4], within: 20) == [3, 10, 4])
    #expect(DrawnTable.fit([3, 10, 4], within: nil) == [3, 10, 4])
    // The cap is 6: 3 + 6 + 4 = 13; 7 would take 14.
    #expect(DrawnTable.fit([3, 10, 4], within: 13) == [3, 6, 4])
    #expect(DrawnTable.fit([30, 30], within: 21) == [11, 10])
    // Too narrow for all: every column keeps one.
    #expect(DrawnTable.fit([5, 5, 5], within: 1) == [1, 1, 1])
  }

  @Test("a table's lines are as wide as each other, and within the width when it can be")
  func lines() {
    var table = DrawnTable()
    table.headerRows = 1
    table.alignments = [.left, .right]
    func cell(_ text: String) -> InlineText {
      var styled = InlineText()
      styled.append(text)
      return styled
    }
    table.rows = [
      [cell("name"), cell("size")], [cell("a long name that wraps"), cell("1")], [cell("b")],
    ]
    let lines = table.lines(width: 20, ascii: true)
    #expect(
      lines.map(\.plain) == [
        "+-----------+------+",
        "| name      | size |",
        "+-----------+------+",
        "| a long    |    1 |",
        "| name that |      |",
        "| wraps     |      |",
        "+-----------+------+",
        "| b         |      |",
        "+-----------+------+",
      ])
    #expect(Set(lines.map(\.columns)) == [20])
  }
}

extension DrawnLine {
  /// The line's text without styles.
  fileprivate var plain: String { pieces.map(\.text).joined() }
}
