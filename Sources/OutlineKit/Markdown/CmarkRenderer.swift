import CCmark
import CCmarkGuard
import CCmarkHighlight

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Renders cmark-gfm trees as HTML, within what one render can hold.
///
/// cmark-gfm keeps a render's HTML in one buffer and ends the program when it would pass
/// 1 GiB (see `collapse_render_html` in CCmark's shim). A render whose HTML would pass
/// `renderLimit` is stopped there; the blocks of a container are then rendered one by
/// one, and a block whose HTML alone would pass that is left out, a note in its place.
enum CmarkRenderer {
  /// HTML in a buffer from `malloc`, which the owner frees with `free`, and where the
  /// blocks left out of it start.
  struct Rendered {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let leftOut: [SourcePlace]
  }

  /// The largest HTML one render makes, in bytes: the guard's `COLLAPSE_RENDER_LIMIT`.
  static let renderLimit = Int(COLLAPSE_RENDER_LIMIT_MIB) << 20

  /// The HTML of `node` and what had to be left out of it, its raw HTML kept when
  /// `unsafe`, and then, with `filtersTags`, written as GitHub's tag filter writes it;
  /// with a `highlighter`, fenced code in a language it knows is written in its runs
  /// (`collapse_render_html_highlighting`), for which the render marks the code blocks and
  /// unmarks them after.
  static func html(
    _ node: OpaquePointer, unsafe: Bool, filtersTags: Bool = false,
    highlighter: (any CodeHighlighter)? = nil
  ) -> Rendered {
    if let html = htmlAlone(
      node, unsafe: unsafe, filtersTags: filtersTags, highlighter: highlighter)
    {
      return Rendered(bytes: html, leftOut: [])
    }
    var pieces: [UnsafeMutableBufferPointer<UInt8>] = []
    var leftOut: [SourcePlace] = []
    let isDocument = cmark_node_get_type(node) == CMARK_NODE_DOCUMENT
    for block in CmarkWalk.children(of: node) where isDocument {
      if let html = htmlAlone(
        block, unsafe: unsafe, filtersTags: filtersTags, highlighter: highlighter)
      {
        pieces.append(html)
        continue
      }
      let place = SourcePlace(block)
      leftOut.append(place)
      pieces.append(copy(Array(note(line: place.line).utf8)))
    }
    if pieces.isEmpty { leftOut.append(SourcePlace(node)) }
    let total = pieces.reduce(0) { $0 + $1.count }
    let joined = allocate(total)
    var offset = 0
    for piece in pieces {
      if let source = piece.baseAddress, let target = joined.baseAddress {
        memcpy(target + offset, source, piece.count)
      }
      offset += piece.count
      free(piece.baseAddress)
    }
    return Rendered(bytes: joined, leftOut: leftOut)
  }

  /// The HTML of `node` in one render, as `html` makes it, in a buffer from `malloc`
  /// that the caller frees with `free`; nil when it would pass `renderLimit`.
  static func htmlAlone(
    _ node: OpaquePointer, unsafe: Bool, filtersTags: Bool,
    highlighter: (any CodeHighlighter)? = nil
  ) -> UnsafeMutableBufferPointer<UInt8>? {
    // The tag filter is looked up in the registry, which a strict CommonMark parse leaves
    // empty.
    if filtersTags { _ = CmarkExtensions.registered }
    let options = options(unsafe: unsafe)
    let filtered: Int32 = filtersTags ? 1 : 0
    guard let highlighter else {
      return collapse_render_html(node, options, filtered).map(buffer)
    }
    return highlighter.withHook { hook in
      collapse_render_html_highlighting(node, options, filtered, hook).map(buffer)
    }
  }

  private static func options(unsafe: Bool) -> Int32 {
    // A table cell's alignment is a style, `text-align`: HTML5 has no `align` attribute.
    (unsafe ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT) | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
  }

  /// The note in place of a block left out.
  static func note(line: Int) -> String {
    "<p class=\"left-out\">Left out: the HTML of the block at line \(line) would take more "
      + "than \(renderLimit >> 20) MiB.</p>\n"
  }

  private static func buffer(_ html: UnsafeMutablePointer<CChar>) -> UnsafeMutableBufferPointer<
    UInt8
  > {
    UnsafeMutableBufferPointer(
      start: UnsafeMutableRawPointer(html).assumingMemoryBound(to: UInt8.self), count: strlen(html))
  }

  private static func allocate(_ count: Int) -> UnsafeMutableBufferPointer<UInt8> {
    // malloc, so that the owner frees every buffer the same way; a byte more for none.
    guard let memory = malloc(max(1, count)) else { fatalError("out of memory") }
    return UnsafeMutableBufferPointer(
      start: memory.assumingMemoryBound(to: UInt8.self), count: count)
  }

  private static func copy(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
    let buffer = allocate(bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
  }
}
