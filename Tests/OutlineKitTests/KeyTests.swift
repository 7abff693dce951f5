import Testing

@testable import OutlineKit

@Suite("keys from terminal bytes")
struct KeyTests {
  private func keys(_ text: String, final: Bool = true) -> [Key] {
    Key.decode(Array(text.utf8), final: final).keys
  }

  @Test("letters, digits, space and UTF-8 characters are characters")
  func characters() {
    #expect(
      keys("jK 9/") == [
        .character("j"), .character("K"), .character(" "), .character("9"), .character("/"),
      ])
    #expect(keys("東é") == [.character("東"), .character("é")])
  }

  @Test("CR and LF are Enter, DEL and BS Backspace, and a control byte Ctrl with its letter")
  func controls() {
    #expect(keys("\r\n\t\u{7F}\u{8}") == [.enter, .enter, .tab, .backspace, .backspace])
    #expect(
      keys("\u{3}\u{1A}\u{6}\u{2}") == [.control("c"), .control("z"), .control("f"), .control("b")])
  }

  @Test("arrows, Home, End and page keys in the forms terminals send")
  func sequences() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
    #expect(
      keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH\u{1B}OF") == [
        .home, .end, .home, .end, .home, .end,
      ])
    #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[3~") == [.pageUp, .pageDown, .delete])
    // With a modifier held, an arrow is still that arrow.
    #expect(keys("\u{1B}[1;5A") == [.up])
    // Sequences it does not know are dropped whole, not read as letters.
    #expect(keys("\u{1B}[200~x\u{1B}[?1;2c") == [.character("x")])
  }

  @Test("a lone escape is Escape only when nothing more is coming")
  func escape() {
    #expect(Key.decode([0x1B], final: false) == ([], [0x1B]))
    #expect(keys("\u{1B}") == [.escape])
    #expect(keys("\u{1B}j") == [.escape, .character("j")])
  }

  @Test("a sequence or character cut between two reads is kept for the next")
  func cut() {
    let first = Key.decode(Array("j\u{1B}[".utf8), final: false)
    #expect(first.keys == [.character("j")])
    #expect(first.rest == Array("\u{1B}[".utf8))
    #expect(Key.decode(first.rest + Array("B".utf8), final: false) == ([.down], []))
    let wide = Array("東".utf8)
    #expect(Key.decode(Array(wide.prefix(2)), final: false) == ([], Array(wide.prefix(2))))
    #expect(Key.decode(Array(wide.prefix(2)), final: true).keys == [])
    // Bytes that are not UTF-8 are skipped.
    #expect(Key.decode([0xFF, 0x6A], final: true).keys == [.character("j")])
  }
}
