import Testing

@testable import OutlineKit

@Suite("the nearest word to a misspelling")
struct NearestTests {
  private func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
    var row: [Int] = []
    return editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit, row: &row)
  }

  @Test("an insertion, a deletion, a replacement and a swap of neighbours are one edit each")
  func edits() {
    #expect(distance("gfm", "gfm") == 0)
    #expect(distance("gf", "gfm") == 1)
    #expect(distance("gfmd", "gfm") == 1)
    #expect(distance("gfn", "gfm") == 1)
    #expect(distance("gmf", "gfm") == 1)
    #expect(distance("fs.chwon", "fs.chown") == 1)
    // Two swaps, and a swap beside a replacement.
    #expect(distance("abcd", "badc") == 2)
    #expect(distance("ca", "abc") == 3)
    #expect(distance("", "abc") == 3)
    #expect(distance("kitten", "sitting") == 3)
    #expect(distance("日本語", "本日語") == 1)
  }

  @Test("a distance at or past the limit is the limit")
  func limit() {
    #expect(distance("kitten", "sitting", limit: 2) == 2)
    #expect(distance("kitten", "sitting", limit: 3) == 3)
    #expect(distance("kitten", "sitting", limit: 4) == 3)
    #expect(distance("a", "abcdef", limit: 3) == 3)
  }

  @Test("the nearest candidate within the edits allowed, the first on a tie")
  func nearestCandidate() {
    let formats = ["text", "html", "markdown", "gfm", "json"]
    #expect(nearest(to: "gmf", among: formats, within: 1) == "gfm")
    #expect(nearest(to: "hmtl", among: formats, within: 1) == "html")
    #expect(nearest(to: "jsno", among: formats, within: 1) == "json")
    #expect(nearest(to: "yaml", among: formats, within: 1) == nil)
    #expect(nearest(to: "tex", among: ["text", "tux"]) == "text")
  }
}
