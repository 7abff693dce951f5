import TestSupport
import Testing

@testable import OutlineKit

@Suite("source map")
struct SourceMapTests {
  /// The map of Markdown `input` made as the Markdown reader makes it: a byte order mark
  /// left out, bad bytes repaired, front matter found; and the text it maps.
  private func markdownMap(_ input: [UInt8]) -> (map: SourceMap, text: [UInt8]) {
    var repair = UTF8Repair()
    var text: [UInt8] = []
    input.withUnsafeBytes { repair.repair($0, into: &text) }
    repair.finish(into: &text)
    let leftOut = SourceMap.byteOrderMarkLength(text, final: true) ?? 0
    text.removeFirst(leftOut)
    repair.leftOutStart(leftOut)
    var scanner = FrontMatterScanner()
    scanner.scan(text, final: true)
    var frontMatter: Range<Int>? = nil
    if case .present(let lines, _) = scanner.verdict { frontMatter = 0..<lines }
    let map = SourceMap(
      markdown: text, leftOutAtStart: leftOut, repairs: repair.offsets,
      frontMatterLines: frontMatter)
    return (map, text)
  }

  /// Where each line starts in `input`, ended as CommonMark ends lines.
  private func inputLineStarts(_ input: [UInt8]) -> [Int] {
    var starts = input.isEmpty ? [] : [0]
    for index in input.indices {
      let ends =
        input[index] == 0x0A || (input[index] == 0x0D && input.get(index + 1) != 0x0A)
      if ends && index + 1 < input.count { starts.append(index + 1) }
    }
    return starts
  }

  @Test("a byte order mark is told from its first bytes, whatever follows or is still to come")
  func byteOrderMark() {
    #expect(SourceMap.byteOrderMarkLength([0xEF, 0xBB, 0xBF, 0x61], final: false) == 3)
    #expect(SourceMap.byteOrderMarkLength([0xEF, 0xBB, 0xBF], final: true) == 3)
    #expect(SourceMap.byteOrderMarkLength([0xEF, 0xBB], final: false) == nil)
    #expect(SourceMap.byteOrderMarkLength([], final: false) == nil)
    #expect(SourceMap.byteOrderMarkLength([0xEF, 0xBB], final: true) == 0)
    #expect(SourceMap.byteOrderMarkLength([0xEF, 0x61], final: false) == 0)
    #expect(SourceMap.byteOrderMarkLength(Array("# A".utf8), final: false) == 0)
  }

  @Test("the first line holds the byte order mark the text leaves out")
  func byteOrderMarkOnFirstLine() {
    let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("# A\ntext\n# B\n".utf8)
    let (map, text) = markdownMap(input)
    #expect(text == Array("# A\ntext\n# B\n".utf8))
    #expect(map.lineCount == 3)
    #expect((0...3).map(map.inputOffset(ofLine:)) == [0, 7, 12, 16])
    #expect(map.line(ofInputOffset: 1) == 0)
    #expect(map.line(ofInputOffset: 7) == 1)
  }

  @Test("CRLF, a lone CR and LF each end a line, and the range of a line leaves its end out")
  func lineEnds() {
    let input = Array("a\r\nbb\rccc\nd".utf8)
    let (map, text) = markdownMap(input)
    #expect(map.lineCount == 4)
    #expect((0..<4).map { map.lineRange($0, in: text) } == [0..<1, 3..<5, 6..<9, 10..<11])
    #expect((0...4).map(map.inputOffset(ofLine:)) == [0, 3, 6, 10, 11])
    #expect((0..<input.count).map(map.line(ofOffset:)) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3])
    // A final line end starts no line.
    #expect(markdownMap(Array("a\r\n".utf8)).map.lineCount == 1)
    #expect(markdownMap([]).map.lineCount == 0)
  }

  @Test("front matter is found and its lines are the first ones, closing line included")
  func frontMatter() {
    let (map, _) = markdownMap(Array("---\ntitle: x\n---\n# A\n".utf8))
    #expect(map.frontMatterLines == 0..<3)
    let (marked, _) = markdownMap([0xEF, 0xBB, 0xBF] + Array("---\nk: v\n...\r\nbody\n".utf8))
    #expect(marked.frontMatterLines == 0..<3)
    #expect(marked.inputOffset(ofLine: 3) == 3 + 14)
    #expect(markdownMap(Array("---\n\nk: v\n---\n".utf8)).map.frontMatterLines == nil)
    #expect(markdownMap(Array("---\nk: v\n".utf8)).map.frontMatterLines == nil)
  }

  @Test("invalid UTF-8 becomes U+FFFD and each line keeps the offset it has in the input")
  func repairedOffsets() {
    let input: [UInt8] =
      [0xEF, 0xBB, 0xBF, 0xFF, 0x0A, 0x61, 0xE2, 0x82, 0x0A, 0x00, 0x00, 0x0D, 0x0A, 0xC0, 0xAF]
    let (map, text) = markdownMap(input)
    #expect(text == Array("\u{FFFD}\na\u{FFFD}\n\u{FFFD}\u{FFFD}\r\n\u{FFFD}\u{FFFD}".utf8))
    #expect((0...map.lineCount).map(map.inputOffset(ofLine:)) == [0, 5, 9, 13, 15])
    #expect(map.line(ofInputOffset: 6) == 1)
    #expect(map.line(ofInputOffset: 13) == 3)
  }

  @Test("random bytes with every line end, a byte order mark or not: each line starts where it did")
  func randomInput() throws {
    let seed = try #require(
      TestSeed.value(default: 29), "\(TestSeed.variable) is not a number")
    let rerun = "\(TestSeed.variable)=\(seed)"
    var random = SplitMix(seed: seed)
    let pieces: [[UInt8]] = [
      [0x0A], [0x0D], [0x0D, 0x0A], [0x61], [0x00], [0xFF], [0xE2, 0x82], [0xC3, 0xA9],
      [0xF0, 0x9F, 0x98, 0x80], [0xED, 0xA0, 0x80],
    ]
    for _ in 0..<300 {
      var input = (0..<Int(random.next() % 40)).flatMap { _ in
        pieces[Int(random.next() % UInt64(pieces.count))]
      }
      if random.next() % 2 == 0 { input = [0xEF, 0xBB, 0xBF] + input }
      let (map, _) = markdownMap(input)
      var expected = inputLineStarts(input)
      // A line that the byte order mark starts starts where the input does.
      if expected.count > map.lineCount { expected.removeLast() }
      let found = (0..<map.lineCount).map(map.inputOffset(ofLine:))
      #expect(found == expected, "\(rerun): \(input)")
    }
  }

  @Test("a setext heading ends after its underline, whatever cmark-gfm reports")
  func setextHeadingEnd() {
    let text = Array("Title\nmore title\n===\n\nbody\n# ATX\nSub\n  ---  \nafter\n".utf8)
    let (map, _) = markdownMap(text)
    #expect(map.lineAfterHeading(startingAt: 0, in: text) == 3)
    #expect(map.lineAfterHeading(startingAt: 5, in: text) == 6)
    #expect(map.lineAfterHeading(startingAt: 6, in: text) == 8)
    // An underline indented four spaces is no underline: the heading runs to the end.
    let indented = Array("Title\n    ===\n".utf8)
    #expect(markdownMap(indented).map.lineAfterHeading(startingAt: 0, in: indented) == 2)
  }

  @Test("a closed HTML block ends after the last line of its text, one past cmark-gfm's end")
  func htmlBlockEnd() {
    // `<div>\nx\n</div>\n` on lines 3 to 5, which cmark-gfm reports as ending on line 4.
    let block = Array("<div>\nx\n</div>\n".utf8)
    block.withUnsafeBytes { literal in
      #expect(SourceMap.lineAfterHTMLBlock(startingAt: 2, reportedEnd: 4, literal: literal) == 5)
      #expect(SourceMap.lineAfterHTMLBlock(startingAt: 2, reportedEnd: 5, literal: literal) == 5)
    }
    // A last line without its line end is a line; a lone CR ends one, as CRLF does.
    let open = Array("<div>\r\nx\r</div>".utf8)
    open.withUnsafeBytes { literal in
      #expect(SourceMap.lineCount(of: literal) == 3)
      #expect(SourceMap.lineAfterHTMLBlock(startingAt: 0, reportedEnd: 1, literal: literal) == 3)
    }
  }

  @Test("raw HTML inside a block quote is found on its source line, the quote's marker counted")
  func rawHTMLBlockInQuote() throws {
    let input = Array("> <div>\n> </details>\n".utf8)
    let (map, text) = markdownMap(input)
    // cmark-gfm's literal for the block: its lines without the `> ` the quote takes.
    let literal = Array("<div>\n</details>\n".utf8)
    let place = try #require(
      map.rawHTMLPlace(
        ofByte: 6, in: literal, isBlock: true, startLine: 0, startColumn: 2, text: text))
    #expect(place.line == 1)
    #expect(place.offsets == [2])
    let line = text[map.lineRange(1, in: text)]
    #expect(Array(line.dropFirst(place.offsets[0])) == Array("</details>".utf8))
  }

  @Test(
    "inline raw HTML on a paragraph's later line is tried at cmark-gfm's column and with the indent"
  )
  func rawHTMLInlineIndented() throws {
    let (map, text) = markdownMap(Array("a\n   b <b>x</b>\n".utf8))
    // `cmark-gfm --sourcepos` puts this `<b>` at 2:3, leaving out the line's indent.
    let place = try #require(
      map.rawHTMLPlace(
        ofByte: 0, in: Array("<b>".utf8), isBlock: false, startLine: 1, startColumn: 2,
        text: text))
    #expect(place.line == 1)
    #expect(place.offsets == [2, 5])
    #expect(text[map.lineRange(1, in: text)].dropFirst(5).first == UInt8(ascii: "<"))
    #expect(
      map.rawHTMLPlace(
        ofByte: 0, in: Array("<b>".utf8), isBlock: false, startLine: 9, startColumn: 0,
        text: text) == nil)
  }

  @Test("JSON's lines end at line feeds only, however its text arrives")
  func jsonLines() {
    let text = Array("{\r\n\"a\": 1,\r\"b\":\n\n2}\n".utf8)
    for size in 1...text.count {
      var map = SourceMap()
      map.leaveOutByteOrderMark()
      for start in stride(from: 0, to: text.count, by: size) {
        text[start..<min(start + size, text.count)].withUnsafeBufferPointer {
          map.appendLines(of: $0)
        }
      }
      #expect(map.inputLineCount == 4, "chunks of \(size)")
      // Offsets of the input, the byte order mark included.
      let lines = (3..<text.count + 3).map(map.line(ofInputOffset:))
      #expect(
        lines == [0, 0, 0] + Array(repeating: 1, count: 13) + [2, 3, 3, 3], "chunks of \(size)")
    }
    var marked = SourceMap()
    marked.leaveOutByteOrderMark()
    #expect(marked.inputLineCount == 1)
  }

  @Test("a JSON position counts lines at line feeds and columns in characters")
  func jsonPosition() {
    let text = Array("{\"caf\u{E9}\": \"\u{1F600}\",\r\n  \"b\"".utf8)
    var whole = SourceMap.Position()
    var byByte = SourceMap.Position()
    text.withUnsafeBufferPointer { buffer in
      whole.advance(over: buffer[...])
      for byte in buffer { byByte.advance(over: byte) }
    }
    #expect((whole.line, whole.column) == (2, 6))
    #expect((byByte.line, byByte.column) == (2, 6))
    let firstLine = Array("{\"caf\u{E9}\": ".utf8)
    var position = SourceMap.Position()
    firstLine.withUnsafeBufferPointer { position.advance(over: $0[...]) }
    #expect((position.line, position.column) == (1, 10))
    #expect(position.movedBack().column == 9)
  }
}

extension Array {
  fileprivate func get(_ index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
