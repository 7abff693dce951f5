import Testing

@testable import OutlineKit

@Suite("links from a test's location to the repository's files")
struct SourceLinksTests {
  let links = SourceLinks(base: "https://github.com/o/r/blob/abc123")

  @Test("a file and line join the base with one slash, as GitHub marks a line")
  func joins() throws {
    let links = try #require(links)
    #expect(
      links.url(file: "tests/test_cart.py", line: 13)
        == "https://github.com/o/r/blob/abc123/tests/test_cart.py#L13")
    #expect(
      links.url(file: "tests/test_cart.py", line: nil)
        == "https://github.com/o/r/blob/abc123/tests/test_cart.py")
    // No line 0: the file alone.
    #expect(links.url(file: "a.py", line: 0) == "https://github.com/o/r/blob/abc123/a.py")
    #expect(links.url(file: "./././a.py", line: 2) == "https://github.com/o/r/blob/abc123/a.py#L2")
    for base in ["https://github.com/o/r/blob/abc123/", "https://github.com/o/r/blob/abc123///"] {
      #expect(
        SourceLinks(base: base)?.url(file: "a.py", line: 1)
          == "https://github.com/o/r/blob/abc123/a.py#L1", "\(base)")
    }
  }

  @Test("what a path may not hold in a URL is percent-encoded")
  func encodes() throws {
    let links = try #require(links)
    #expect(
      links.url(file: "pay tests/card#1.py", line: nil)
        == "https://github.com/o/r/blob/abc123/pay%20tests/card%231.py")
    #expect(
      links.url(file: "a?b%c.py", line: nil)
        == "https://github.com/o/r/blob/abc123/a%3Fb%25c.py")
    #expect(
      links.url(file: "café/\"x\".py", line: nil)
        == "https://github.com/o/r/blob/abc123/caf%C3%A9/%22x%22.py")
    #expect(
      links.url(file: "a<b>'c'.py", line: 1)
        == "https://github.com/o/r/blob/abc123/a%3Cb%3E%27c%27.py#L1")
    #expect(SourceLinks(base: "https://example.com/a\"b")?.base == "https://example.com/a%22b")
  }

  @Test("a path outside the repository, or absolute, is not linked")
  func outside() throws {
    let links = try #require(links)
    for file in [
      "", "./", "/src/a.py", "../a.py", "tests/../../a.py", "..", "C:/src/a.cs", "C:\\src\\a.cs",
      "src\\a.cs", "file:///src/a.py", "https://evil.example/a", "javascript:alert(1)",
      "a\u{0}b.py", "a\nb.py", "a\u{7F}.py",
    ] {
      #expect(links.url(file: file, line: 1) == nil, "\(file)")
    }
  }

  @Test("the base is an http or https URL with a host, and nothing else")
  func base() {
    #expect(SourceLinks(base: "http://git.example.com/r/files") != nil)
    #expect(SourceLinks(base: "HTTPS://github.com/o/r") != nil)
    for base in [
      "", "javascript:alert(1)", "JavaScript://github.com/%0aalert(1)", "ftp://example.com/r",
      "data:text/html,x", "https:///o/r", "https://", "//github.com/o/r", "github.com/o/r",
      "https://github.com/o/r?plain=1", "https://github.com/o/r#top", "https://github.com/o r",
      " https://github.com/o/r", "https://github.com/o/r\n", "https://github.com/\u{7F}",
    ] {
      #expect(SourceLinks(base: base) == nil, "\(base)")
    }
  }
}
