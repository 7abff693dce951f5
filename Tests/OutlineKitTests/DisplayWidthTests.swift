import Testing

@testable import OutlineKit

@Suite("display width")
struct DisplayWidthTests {
  @Test(
    "a grapheme takes the columns a terminal gives it",
    arguments: [
      ("a", 1), ("é", 1), ("e\u{301}", 1), ("\u{301}", 0), ("a\u{301}\u{323}", 1),
      ("漢", 2), ("한", 2), ("\u{1112}\u{1161}\u{11AB}", 2), ("Ａ", 2), ("ｱ", 1),
      ("👍", 2), ("👍🏽", 2), ("❤", 1), ("❤️", 2), ("👨‍👩‍👧", 2), ("🏳️‍🌈", 2), ("🇯🇵", 2),
      ("1️⃣", 2), ("\u{200B}", 0), ("▸", 1), ("…", 1),
    ] as [(Character, Int)])
  func character(_ character: Character, _ columns: Int) {
    #expect(
      DisplayWidth.columns(of: character) == columns, "\(character.unicodeScalars.map(\.value))")
  }

  @Test("a string takes the sum of its graphemes' columns")
  func string() {
    #expect(DisplayWidth.columns(of: "plain ASCII") == 11)
    #expect(DisplayWidth.columns(of: "漢字abc") == 7)
    #expect(DisplayWidth.columns(of: "e\u{301}e\u{301}") == 2)
    #expect(DisplayWidth.columns(of: "👨‍👩‍👧 family") == 9)
    #expect(DisplayWidth.columns(of: "") == 0)
  }

  @Test("tabs expand to the next stop of 4 columns, counting wide characters as two")
  func tabs() {
    #expect(DisplayWidth.expandingTabs("\tx") == "    x")
    #expect(DisplayWidth.expandingTabs("ab\tc") == "ab  c")
    #expect(DisplayWidth.expandingTabs("abcd\te") == "abcd    e")
    #expect(DisplayWidth.expandingTabs("漢\tx") == "漢  x")
    #expect(DisplayWidth.expandingTabs("e\u{301}\t\tx") == "e\u{301}       x")
    #expect(DisplayWidth.expandingTabs("no tab") == "no tab")
  }
}
