import Testing

@testable import OutlineKit

@Suite("ANSI text")
struct ANSITextTests {
  private let red = TextStyle(foreground: .red)

  /// `line` read by `reader`, its runs as `text:style` pairs for reading in a failure.
  private func read(_ line: String, with reader: inout ANSIText) -> (String, [String]) {
    let (text, runs) = reader.read(Array(line.utf8))
    let bytes = Array(text.utf8)
    return (
      text,
      runs.map { String(decoding: bytes[$0.range], as: UTF8.self) + ":" + $0.style.escapeSequence }
    )
  }

  @Test("an SGR colour styles the text up to the sequence that ends it; the sequences go")
  func colours() {
    var reader = ANSIText()
    let (text, runs) = read(
      "\u{1B}[32m+ actual\u{1B}[39m \u{1B}[31m- expected\u{1B}[39m", with: &reader)
    #expect(text == "+ actual - expected")
    #expect(runs == ["+ actual:\u{1B}[32m", "- expected:\u{1B}[31m"])
    #expect(!reader.isStyled)
  }

  @Test("styles add up and are taken off one by one; 0 and an empty list reset all")
  func stylesAddUp() {
    var reader = ANSIText()
    let (text, runs) = read(
      "\u{1B}[1mA\u{1B}[4;31mB\u{1B}[22mC\u{1B}[24;39mD\u{1B}[3mE\u{1B}[mF\u{1B}[9mG\u{1B}[0mH",
      with: &reader)
    #expect(text == "ABCDEFGH")
    #expect(
      runs == [
        "A:\u{1B}[1m", "B:\u{1B}[1;4;31m", "C:\u{1B}[4;31m", "E:\u{1B}[3m", "G:\u{1B}[9m",
      ])
  }

  @Test("a style still on at a line's end goes on in the next line, as a terminal shows it")
  func styleCarriesOver() {
    var reader = ANSIText()
    _ = read("plain \u{1B}[31mred", with: &reader)
    #expect(reader.isStyled)
    let (text, runs) = read("still red\u{1B}[0m plain", with: &reader)
    #expect(text == "still red plain")
    #expect(runs == ["still red:" + red.escapeSequence])
  }

  @Test("bright colours, and the first 16 of 256, keep their colour; others and backgrounds go")
  func extendedColours() {
    var reader = ANSIText()
    let (_, runs) = read(
      "\u{1B}[90mgrey\u{1B}[38;5;1mred\u{1B}[38;5;9mbright\u{1B}[38;5;200mx\u{1B}[38;2;1;2;3;41my\u{1B}[0m",
      with: &reader)
    #expect(runs == ["grey:\u{1B}[90m", "red:\u{1B}[31m", "bright:\u{1B}[91m"])
  }

  @Test("every other escape sequence is left out, its text kept, and none reaches a terminal")
  func otherSequencesGo() {
    var reader = ANSIText()
    let line =
      "a\u{1B}[2Kb\u{1B}]0;title\u{07}c\u{1B}]8;;https://x.test\u{1B}\\d\u{1B}]8;;\u{1B}\\e\u{1B}(Bf\u{1B}7g\u{1B}[?25lh"
    let (text, runs) = read(line, with: &reader)
    #expect(text == "abcdefgh")
    #expect(runs.isEmpty)
  }

  @Test("a sequence cut short ends where it is cut, and what cut it is text")
  func cutShort() {
    var reader = ANSIText()
    #expect(read("a\u{1B}", with: &reader).0 == "a")
    #expect(read("a\u{1B}[31", with: &reader).0 == "a")
    #expect(read("a\u{1B}[3é", with: &reader).0 == "aé")
    #expect(read("a\u{1B}\u{1B}[1mb", with: &reader).1 == ["b:\u{1B}[1m"])
    #expect(read("a\u{1B}]never ends", with: &reader).0 == "a")
    // Numbers too long for any style are no style, and no trap.
    reader = ANSIText()
    #expect(read("\u{1B}[99999999999999999999999mz", with: &reader) == ("z", []))
  }

  @Test("plain text is returned as it is")
  func plain() {
    #expect(ANSIText.plain("no escapes here") == "no escapes here")
    #expect(ANSIText.plain("\u{1B}[1;31mFAIL\u{1B}[0m src/a.test.js") == "FAIL src/a.test.js")
  }

  @Test("a preformatted block keeps its lines' text and their colours apart")
  func preformatted() {
    let block = Preformatted("ok\n\u{1B}[31m- expected\n  still red\u{1B}[0m\nplain")
    #expect(block.lines == ["ok", "- expected", "  still red", "plain"])
    #expect((0..<4).map { block.styles(ofLine: $0) != nil } == [false, true, true, false])
    #expect(block.styles(ofLine: 2) == [ANSIText.Run(range: 0..<11, style: red)])
    #expect(block.text == "ok\n- expected\n  still red\nplain")
    #expect(!Preformatted("no colour").isStyled)
    #expect(block.isStyled)
  }
}
