import Dispatch
import Testing

@testable import OutlineKit

@Suite("reading on several threads")
struct ConcurrentReadingTests {
  @Test("documents read on several threads at once each see GitHub's inline extensions")
  func inlineExtensions() throws {
    // Long enough that the threads' inline parses overlap.
    let paragraph = "~~gone~~ and https://example.org/x and www.example.org.\n\n"
    let source = "# Report\n\n" + String(repeating: paragraph, count: 300)
    let wrong = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 64) { _ in
      guard let page = try? html(markdown(source)),
        page.components(separatedBy: "<del>gone</del>").count == 301,
        page.components(separatedBy: "<a href=\"https://example.org/x\">").count == 301
      else {
        wrong.withLock { $0 += 1 }
        return
      }
    }
    #expect(wrong.withLock { $0 } == 0)
  }

  @Test("XML read on several threads at once: libxml2 is loaded once, by whichever asks first")
  func xmlOnSeveralThreads() throws {
    let document = Array("<r>\n  <a name=\"x\">\n    <b/>\n  </a>\n</r>\n".utf8)
    let malformed = Array("<r>\n  <a>\n</r>\n".utf8)
    let wrong = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      if index % 2 == 0 {
        guard let outline = try? XMLReader.read(document),
          outline.sections.map(\.title) == ["r", "a x"]
        else {
          wrong.withLock { $0 += 1 }
          return
        }
      } else {
        do throws(LoadError) {
          _ = try XMLReader.read(malformed)
          wrong.withLock { $0 += 1 }
        } catch .syntax(let error) where error.line == 3 {
        } catch {
          wrong.withLock { $0 += 1 }
        }
      }
    }
    #expect(wrong.withLock { $0 } == 0)
  }
}
