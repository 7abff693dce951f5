import Testing

@testable import OutlineKit

@Suite("terminal line")
struct TerminalLineTests {
  private func line(_ pieces: (String, TextStyle)...) -> TerminalLine {
    var line = TerminalLine()
    for (text, style) in pieces { line.append(text, style: style) }
    return line
  }

  private func fitted(_ text: String, _ width: Int?, ascii: Bool = false) -> String {
    line((text, .plain)).rendered(TerminalLine.Format(width: width, ascii: ascii))
  }

  @Test("a line that fits is left whole; a longer one is cut with … to exactly the width")
  func cut() {
    #expect(fitted("abcde", 5) == "abcde")
    #expect(fitted("abcdef", 5) == "abcd…")
    #expect(fitted("abcdef", nil) == "abcdef")
    #expect(fitted("abcdef", 1) == "…")
    #expect(fitted("abcdef", 0) == "")
  }

  @Test("wide characters count two columns and are never split, so a cut may fall short")
  func eastAsianWide() {
    #expect(fitted("漢字漢字", 8) == "漢字漢字")
    #expect(fitted("漢字漢字", 7) == "漢字漢…")
    #expect(fitted("漢字漢字", 6) == "漢字…")
    #expect(fitted("ab漢字", 4) == "ab…")
  }

  @Test("emoji sequences count two columns and are cut whole, never inside a sequence")
  func emoji() {
    let family = "👨‍👩‍👧"
    #expect(fitted("ab\(family)cd", 6) == "ab\(family)cd")
    #expect(fitted("ab\(family)cd", 5) == "ab\(family)…")
    #expect(fitted("ab\(family)cd", 4) == "ab…")
    #expect(fitted("🇯🇵🇫🇷🇩🇪", 5) == "🇯🇵🇫🇷…")
    #expect(fitted("❤️❤️❤️", 4) == "❤️…")
  }

  @Test("combining marks take no column and stay with their base character")
  func combining() {
    let accented = String(repeating: "e\u{301}", count: 4)
    #expect(fitted(accented, 4) == accented)
    #expect(fitted(accented, 3) == "e\u{301}e\u{301}…")
    #expect(
      fitted("Zalgo: a\u{301}\u{323}\u{30A}\u{316}bc", 9) == "Zalgo: a\u{301}\u{323}\u{30A}\u{316}…"
    )
  }

  @Test("with --ascii the ellipsis is ..., trimmed when even that does not fit")
  func asciiEllipsis() {
    #expect(fitted("abcdefgh", 5, ascii: true) == "ab...")
    #expect(fitted("abcdefgh", 2, ascii: true) == "..")
    #expect(fitted("abcdefgh", 8, ascii: true) == "abcdefgh")
  }

  @Test("tabs expand from the start of their piece when there is a width, and stay without")
  func tabs() {
    let tabbed = line(("  ", .plain), ("\tcode\tx", .plain))
    #expect(tabbed.rendered(TerminalLine.Format(width: 80)) == "      code    x")
    #expect(tabbed.rendered(TerminalLine.Format(width: 10)) == "      cod…")
    #expect(tabbed.rendered(TerminalLine.Format()) == "  \tcode\tx")
    #expect(tabbed.columns == 15)
  }

  @Test("styles are escape sequences only with colours, each piece reset at its end")
  func styles() {
    let styled = line(("  ", .plain), ("▾", .marker(depth: 1)), (" ", .plain), ("Title", .title))
    #expect(styled.rendered(TerminalLine.Format()) == "  ▾ Title")
    #expect(
      styled.rendered(TerminalLine.Format(colors: true))
        == "  \u{1B}[2;35m▾\u{1B}[0m \u{1B}[1mTitle\u{1B}[0m")
  }

  @Test("a cut inside a styled piece closes its style, and the ellipsis is dim and reset")
  func styledCut() {
    let styled = line(("Long title", .title), ("  (3 lines)", .annotation))
    #expect(
      styled.rendered(TerminalLine.Format(width: 6, colors: true))
        == "\u{1B}[1mLong \u{1B}[0m\u{1B}[2m…\u{1B}[0m")
    #expect(
      styled.rendered(TerminalLine.Format(width: 12, colors: true))
        == "\u{1B}[1mLong title\u{1B}[0m\u{1B}[2m \u{1B}[0m\u{1B}[2m…\u{1B}[0m")
  }

  @Test("the marker colour cycles with depth through colours that read on dark and light")
  func depthColors() {
    let codes = (0..<5).map { TextStyle.marker(depth: $0).escapeSequence }
    #expect(
      codes == ["\u{1B}[2;36m", "\u{1B}[2;35m", "\u{1B}[2;32m", "\u{1B}[2;33m", "\u{1B}[2;36m"])
    #expect(TextStyle.plain.escapeSequence == "")
    #expect(TextStyle.title.escapeSequence == "\u{1B}[1m")
    #expect(TextStyle.annotation.escapeSequence == "\u{1B}[2m")
  }
}
