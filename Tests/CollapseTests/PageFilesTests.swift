import Foundation
import Testing

@Suite("the page's script and style sheet")
struct PageFilesTests {
  static let folder = packageRoot.appendingPathComponent("Sources/OutlineKit/Page")

  /// The text of the first `<name>` element of `page`, as a browser reads raw text.
  func element(_ name: String, in page: String) throws -> String {
    let start = try #require(page.range(of: "<\(name)>"))
    let end = try #require(page.range(of: "</\(name)>", range: start.upperBound..<page.endIndex))
    return String(page[start.upperBound..<end.lowerBound])
  }

  @Test(
    "a page holds page.js and page.css as they are, and its policy names the script by its SHA-256")
  func embeddedAsWritten() throws {
    let page = try runBinary(["-s", "Samples/oceans.md"])
    #expect(page.status == 0)
    let script = try element("script", in: page.output)
    let styleSheet = try element("style", in: page.output)
    let javaScript = try String(
      contentsOf: Self.folder.appendingPathComponent("page.js"), encoding: .utf8)
    let css = try String(
      contentsOf: Self.folder.appendingPathComponent("page.css"), encoding: .utf8)
    #expect(script == "\n" + javaScript)
    #expect(styleSheet == "\n" + css)
    // The hash as another program works it out, over the element's text.
    guard requireTool("sha256sum") else { return }
    let summed = try runTool("sha256sum", [], input: Data(script.utf8))
    let hex = try #require(summed.output.split(separator: " ").first)
    var digest: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      digest.append(try #require(UInt8(hex[index..<next], radix: 16)))
      index = next
    }
    #expect(digest.count == 32)
    let hash = "sha256-" + Data(digest).base64EncodedString()
    #expect(page.output.contains("script-src '\(hash)';"))
  }
}
