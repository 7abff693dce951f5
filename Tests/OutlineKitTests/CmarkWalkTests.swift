import CCmark
import Testing

@testable import OutlineKit

@Suite("the walk through cmark's nodes")
struct CmarkWalkTests {
  /// The tree cmark-gfm parses `markdown` into, which the caller frees.
  private static func parse(_ markdown: String) throws -> OpaquePointer {
    var text = markdown
    return try #require(
      text.withUTF8 { CmarkParser.parse($0, dialect: .commonmark) })
  }

  /// Each step of a walk as `+type` on entering and `-type` on leaving.
  private static func steps(_ walk: CmarkWalk) -> [String] {
    walk.map { step in
      let name = String(cString: cmark_node_get_type_string(step.node))
      return (step.isEntering ? "+" : "-") + name
    }
  }

  @Test("each node is entered in document order and one with children left after them")
  func enterAndLeaveInOrder() throws {
    let root = try Self.parse("> a *b*\n\nc\n")
    defer { cmark_node_free(root) }
    #expect(
      Self.steps(CmarkWalk(root)) == [
        "+block_quote", "+paragraph", "+text", "+emph", "+text", "-emph", "-paragraph",
        "-block_quote", "+paragraph", "+text", "-paragraph",
      ])
    let withRoot = Self.steps(CmarkWalk(root, includingRoot: true))
    #expect(withRoot.first == "+document")
    #expect(withRoot.last == "-document")
    #expect(withRoot.count == 13)
  }

  @Test("a node without children is entered alone, and the walk of a leaf is empty")
  func leaves() throws {
    let root = try Self.parse("text\n")
    defer { cmark_node_free(root) }
    let paragraph = try #require(cmark_node_first_child(root))
    let text = try #require(cmark_node_first_child(paragraph))
    #expect(Self.steps(CmarkWalk(text)).isEmpty)
    #expect(Self.steps(CmarkWalk(text, includingRoot: true)) == ["+text"])
    #expect(Self.steps(CmarkWalk(paragraph)) == ["+text"])
  }

  @Test("skipping a node's children goes on with its next sibling, without leaving it")
  func skipChildren() throws {
    let root = try Self.parse("> a\n\nb *c*\n")
    defer { cmark_node_free(root) }
    var walk = CmarkWalk(root)
    var seen: [String] = []
    while let step = walk.next() {
      let type = cmark_node_get_type(step.node)
      seen.append(
        (step.isEntering ? "+" : "-") + String(cString: cmark_node_get_type_string(step.node)))
      if step.isEntering, type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_EMPH {
        walk.skipChildren()
      }
    }
    #expect(seen == ["+block_quote", "+paragraph", "+text", "+emph", "-paragraph"])
  }

  @Test("a tree nested a million levels deep is walked without recursion")
  func deepNesting() throws {
    // Built from the inside out, so that each append checks one level, not all of them.
    let depth = 1_000_000
    var node = try #require(cmark_node_new(CMARK_NODE_PARAGRAPH))
    for _ in 0..<depth {
      let quote = try #require(cmark_node_new(CMARK_NODE_BLOCK_QUOTE))
      #expect(cmark_node_append_child(quote, node) == 1)
      node = quote
    }
    defer { cmark_node_free(node) }
    var entered = 0
    var left = 0
    var deepest: OpaquePointer? = nil
    for step in CmarkWalk(node, includingRoot: true) {
      if step.isEntering {
        entered += 1
        deepest = step.node
      } else {
        left += 1
      }
    }
    #expect(entered == depth + 1)
    #expect(left == depth)
    #expect(deepest.map { cmark_node_get_type($0) } == CMARK_NODE_PARAGRAPH)
  }

  @Test("the children are handed out one by one, each free to be moved")
  func childrenMayMove() throws {
    let root = try Self.parse("a\n\n> b\n\nc\n")
    defer { cmark_node_free(root) }
    // Made by the same allocator, as cmark requires of a node's children.
    let other = try Self.parse("")
    defer { cmark_node_free(other) }
    var moved = 0
    for child in CmarkWalk.children(of: root) {
      cmark_node_unlink(child)
      #expect(cmark_node_append_child(other, child) == 1)
      moved += 1
    }
    #expect(moved == 3)
    #expect(cmark_node_first_child(root) == nil)
    #expect(Array(CmarkWalk.children(of: other)).count == 3)
    #expect(Array(CmarkWalk.Children()).isEmpty)
  }
}
