import Foundation
import Testing

/// `--max-bytes` on a newest-first changelog (Tests/Documents/changelog.md, 61 releases in
/// Keep a Changelog's form): what a reader asked for stays, and the reader is told what went.
@Suite("size limit on a changelog")
struct ChangelogCutTests {
  static let file = "Tests/Documents/changelog.md"
  static let newest = "2400---2026-03-14"
  static let next = "2390---2026-02-20"
  static let old = (title: "1.2.0 - 2020-09-22", id: "120---2020-09-22")
  static let older = "110---2020-08-27"
  static let oldest = "010---2019-07-18"

  /// Where the section `id` starts in `format`'s output, if it is there.
  static func start(of id: String, in output: String, _ format: String) -> String.Index? {
    output.firstRange(of: format == "markdown" ? "<a name=\"\(id)\">" : "<details id=\"\(id)\"")?
      .lowerBound
  }

  /// The output from where the section `id` starts to where `next` starts.
  static func section(_ id: String, until next: String, in output: String, _ format: String)
    -> Substring?
  {
    guard let from = start(of: id, in: output, format),
      let to = output[from...].firstRange(
        of: format == "markdown" ? "<a name=\"\(next)\">" : "<details id=\"\(next)\"")
    else { return nil }
    return output[from..<to.lowerBound]
  }

  /// The in-page links of HTML that lead to no id or anchor name in it.
  static func danglingLinks(in html: String) -> [String] {
    let targets = Set(html.matches(of: /(?:id|name)="([^"]+)"/).map { String($0.output.1) })
    return html.matches(of: /href="#([^"]*)"/).map { String($0.output.1) }.filter {
      !targets.contains($0.removingPercentEncoding ?? $0)
    }
  }

  /// The output's links as a reader's browser sees them: HTML as it is, Markdown as GitHub
  /// renders it.
  static func rendered(_ output: String, _ format: String) throws -> String {
    format == "markdown" ? try CmarkCommand.html(output, unsafe: true) : output
  }

  @Test(
    "cut to 64K, the newest release stays whole, the oldest go, and the notice comes first",
    .needs("cmark-gfm"), arguments: ["html", "markdown"])
  func newestStays(_ format: String) throws {
    let full = try runBinary(["-t", format, Self.file])
    let raw = try runBinaryRaw(["-t", format, "--max-bytes", "64K", Self.file])
    let cut = String(decoding: raw.output, as: UTF8.self)
    #expect(raw.status == 0)
    #expect(full.output.utf8.count > 65_536)
    #expect(raw.output.count <= 65_536)
    // The newest release, word for word as without the limit, and the intro before it.
    let newest = try #require(Self.section(Self.newest, until: Self.next, in: cut, format))
    #expect(newest == Self.section(Self.newest, until: Self.next, in: full.output, format))
    #expect(newest.contains("Support for symlinks in the progress bar"))
    #expect(!newest.contains("Left out"))
    #expect(cut.contains("All notable changes to tidemark are documented in this file."))
    // The oldest releases went, and nothing was closed: every section was open.
    #expect(Self.start(of: Self.oldest, in: cut, format) == nil)
    #expect(Self.start(of: Self.oldest, in: full.output, format) != nil)
    #expect(!cut.contains(/\d+ sections? closed/))
    // The notice first, saying how to see everything.
    let notice =
      format == "markdown"
      ? "**This output was cut to fit 65536 bytes: "
      : "<p class=\"left-out\">This output was cut to fit 65536 bytes: "
    #expect(cut.hasPrefix(notice))
    #expect(
      cut.split(separator: "\n").first?.hasSuffix(
        format == "markdown"
          ? "`collapse -t markdown \(Self.file)`" : "<code>collapse -t html \(Self.file)</code></p>"
      )
        == true)
    // Markers where the oldest releases were, at the end of the changelog, after the
    // newest release; nothing but the ends of sections after the last.
    let markers = cut.ranges(of: /Left out: (\d+) sections, (\d+) lines, [0-9.]+ KiB\./)
    let last = try #require(markers.last)
    #expect(try #require(markers.first).lowerBound > newest.endIndex)
    #expect(!cut[last.upperBound...].contains("<details"))
    #expect(cut.hasSuffix("</details>\n"))
    // No link leads nowhere: those to a release left out lead to the marker.
    let html = try Self.rendered(cut, format)
    #expect(Self.danglingLinks(in: html) == [])
    #expect(Self.danglingLinks(in: try Self.rendered(full.output, format)) == [])
    #expect(html.contains("href=\"#130---2020-11-17\""))
  }

  @Test(
    "an old release named to expand keeps its content while the rest is cut",
    .needs("cmark-gfm"), arguments: ["html", "markdown"])
  func namedReleaseStays(_ format: String) throws {
    let flags = ["-t", format, "-e", Self.old.title]
    let full = try runBinary(flags + [Self.file])
    let cut = try runBinary(flags + ["--max-bytes", "48K", Self.file])
    #expect(cut.status == 0)
    #expect(full.output.utf8.count > 48 * 1024)
    #expect(cut.output.utf8.count <= 48 * 1024)
    let named = try #require(Self.section(Self.old.id, until: Self.older, in: cut.output, format))
    #expect(named == Self.section(Self.old.id, until: Self.older, in: full.output, format))
    #expect(named.contains("The diff view crashed on CRLF line endings"))
    #expect(!named.contains("Left out"))
    // The releases around it, collapsed, lost their content first and kept their titles.
    #expect(cut.output.contains("This output was cut to fit 49152 bytes: "))
    #expect(cut.output.contains(" sections closed ("))
    #expect(!cut.output.contains(" left out ("))
    #expect(Self.start(of: Self.newest, in: cut.output, format) != nil)
    #expect(Self.start(of: Self.oldest, in: cut.output, format) != nil)
    #expect(!cut.output.contains("Support for symlinks in the progress bar"))
    #expect(Self.danglingLinks(in: try Self.rendered(cut.output, format)) == [])
  }

  @Test(
    "with every release open, one named to expand stays while those before and after it go",
    .needs("cmark-gfm"), arguments: ["html", "markdown"])
  func namedReleaseStaysAmongOpenOnes(_ format: String) throws {
    let flags = ["-t", format, "--expand-all", "-e", Self.old.title]
    let full = try runBinary(flags + [Self.file])
    let cut = try runBinary(flags + ["--max-bytes", "32K", Self.file])
    #expect(cut.status == 0)
    #expect(cut.output.utf8.count <= 32 * 1024)
    // The named release as it is without the limit, up to its end: what follows it went.
    let whole = try #require(
      Self.section(Self.old.id, until: Self.older, in: full.output, format))
    let end = try #require(whole.ranges(of: "</details>\n").last)
    #expect(cut.output.contains(whole[..<end.upperBound]))
    #expect(whole.contains("The diff view crashed on CRLF line endings"))
    // The newest release stays too; the oldest go, and so do those just before the named
    // one, a marker on either side of it.
    #expect(Self.start(of: Self.newest, in: cut.output, format) != nil)
    #expect(Self.start(of: Self.older, in: cut.output, format) == nil)
    #expect(Self.start(of: "130---2020-11-17", in: cut.output, format) == nil)
    let marker = /Left out: \d+ sections, \d+ lines, [0-9.]+ KiB\./
    let start = try #require(Self.start(of: Self.old.id, in: cut.output, format))
    // Before it, the marker of the releases just before it stands right against it; a
    // kept release may have lost a part of its own too.
    let before = cut.output[..<start]
    let last = try #require(before.matches(of: marker).last)
    #expect(
      !before[last.range.upperBound...].contains(format == "markdown" ? "<a name=" : "<details"))
    #expect(cut.output[start...].matches(of: marker).count == 1)
    #expect(Self.danglingLinks(in: try Self.rendered(cut.output, format)) == [])
  }

  @Test("a standalone page says what was left out at its top, before the contents")
  func pageNoticeFirst() throws {
    let page = try runBinary(["-t", "html", "-s", "--toc", "--max-bytes", "64K", Self.file])
    #expect(page.status == 0)
    let header = try #require(page.output.firstRange(of: "</header>\n"))
    #expect(
      page.output[header.upperBound...].hasPrefix("<p class=\"left-out\">This output was cut"))
    #expect(Self.danglingLinks(in: page.output) == [])
  }
}
