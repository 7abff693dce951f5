import TestSupport
import Testing

@testable import OutlineKit

@Suite("slugs")
struct SluggerTests {
  @Test(
    "slugs are GitHub's: lower case, punctuation dropped, spaces to -",
    arguments: [
      ("Bay of Bengal", "bay-of-bengal"),
      ("Hello, World!", "hello-world"),
      ("API v2.0 (beta)", "api-v20-beta"),
      ("`--depth` option", "--depth-option"),
      ("snake_case and kebab-case", "snake_case-and-kebab-case"),
      ("Two  spaces", "two--spaces"),
      ("Über Café", "über-café"),
      ("日本語 見出し", "日本語-見出し"),
      ("Emoji 🎉 party", "emoji--party"),
      ("C++ & C#", "c--c"),
    ])
  func baseSlug(_ title: String, _ slug: String) {
    #expect(Slugger.baseSlug(title) == slug)
  }

  @Test("repeated slugs get -1, -2, … in document order")
  func deduplicated() {
    var slugger = Slugger()
    let slugs = ["Overview", "Overview", "Overview", "Overview-1", "overview"].map {
      slugger.slug(for: $0)
    }
    #expect(slugs == ["overview", "overview-1", "overview-2", "overview-1-1", "overview-3"])
  }

  @Test("a title with no letters or digits still gets an id")
  func emptySlug() {
    var slugger = Slugger()
    #expect(
      ["!!!", "", "???"].map { slugger.slug(for: $0) } == ["section", "section-1", "section-2"])
  }

  @Test("ids are the same on every run and unique in the outline")
  func stableIDs() {
    let source = "# Setup\n## Setup\n# Usage\n## Setup\n### Usage\n"
    let first = markdown(source).ids
    #expect(first == ["setup", "setup-1", "usage", "setup-2", "usage-1"])
    #expect(markdown(source).ids == first)
  }

  @Test("ten thousand sections of the same title get distinct ids")
  func manyRepeats() {
    var slugger = Slugger()
    let slugs = (0..<10_000).map { _ in slugger.slug(for: "Same") }
    #expect(Set(slugs).count == 10_000)
    #expect(slugs.last == "same-9999")
  }

  @Test("slugs agree with a plain model of GitHub's numbering on many titles that collide")
  func agreesWithModel() throws {
    let seed = try #require(
      TestSeed.value(default: 29), "\(TestSeed.variable) is not a number")
    let rerun = "\(TestSeed.variable)=\(seed)"
    var generator = SplitMix(seed: seed)
    // Titles that reach the same slug by several routes, and counted titles that collide
    // with the numbers given to repeats, in a mixed order; enough to grow the table often.
    let words = [
      "Setup", "setup", "Setup-1", "SETUP 2", "Café", "Cafe\u{301}", "café-1", "", "!!", "日本語",
    ]
    let titles = (0..<20_000).map { _ in
      let word = words[Int(generator.next() % UInt64(words.count))]
      return generator.next() % 2 == 0 ? word : "\(word) \(generator.next() % 50)"
    }
    var slugger = Slugger()
    // Slugs are told apart by their bytes, as anchors in a page are.
    var taken: Set<[UInt8]> = []
    var lastCount: [[UInt8]: Int] = [:]
    for title in titles {
      var base = Slugger.baseSlug(title)
      if base.isEmpty { base = "section" }
      var expected = base
      if !taken.insert(Array(base.utf8)).inserted {
        var count = lastCount[Array(base.utf8), default: 0]
        repeat {
          count += 1
          expected = "\(base)-\(count)"
        } while !taken.insert(Array(expected.utf8)).inserted
        lastCount[Array(base.utf8)] = count
      }
      let slug = Array(slugger.slug(for: title).utf8)
      #expect(
        slug == Array(expected.utf8),
        "seed \(seed) (\(rerun) repeats the run), title \(title.debugDescription)")
      if slug != Array(expected.utf8) { break }
    }
    #expect(taken.count == titles.count, "seed \(seed) (\(rerun) repeats the run)")
  }
}
