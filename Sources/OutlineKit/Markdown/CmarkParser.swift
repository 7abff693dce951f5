import CCmark
import CCmarkGuard

/// cmark-gfm's block parser, set up for a dialect.
///
/// It owns the parser and frees it in `deinit`. The tree `finish()` returns belongs to the
/// caller, who frees it with `cmark_node_free`.
final class CmarkParser {
  /// The parser, until memory runs out while it parses: it is freed then, tree and all, so
  /// that what comes next has the memory back.
  private var parser: OpaquePointer?

  init(dialect: MarkdownDialect) {
    // Input is repaired before cmark sees it: it need not check the UTF-8 again.
    // Every tree is made with collapse's allocator, which renders them within one
    // buffer's limit and gives up a parse when memory runs out (see CCmarkGuard).
    let parser = cmark_parser_new_with_mem(dialect.parseOptions, collapse_cmark_mem())
    for syntax in CmarkParser.extensions(dialect) {
      cmark_parser_attach_syntax_extension(parser, syntax)
    }
    self.parser = parser
  }

  deinit {
    // The parser holds the document read so far, open blocks and all, until it is finished:
    // cmark_parser_free frees it with the parser. Finishing a document given up on (a read
    // error, a document too large) would parse its inlines first, in memory it may not have.
    if let parser { cmark_parser_free(parser) }
  }

  /// Whether memory ran out while cmark parsed: the parser then takes nothing more.
  var ranOutOfMemory: Bool { parser == nil }

  /// Hands cmark the next bytes of the document.
  func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let parser, let base = bytes.baseAddress, !bytes.isEmpty else { return }
    let fed = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
      collapse_parser_feed(parser, $0, bytes.count)
    }
    if fed == 0 { giveUp() }
  }

  /// Ends the document and returns its tree, which the caller frees, or nil when memory
  /// ran out.
  func finish() -> OpaquePointer? {
    guard let parser else { return nil }
    guard let root = collapse_parser_finish(parser) else {
      giveUp()
      return nil
    }
    return root
  }

  /// Ends the document and returns its tree, or nil when memory ran out.
  func finishTree() -> CmarkTree? {
    finish().map(CmarkTree.init(root:))
  }

  /// Frees a parser that ran out of memory, with the tree it holds.
  private func giveUp() {
    if let parser { cmark_parser_free(parser) }
    parser = nil
  }

  /// Parses a whole text and returns its tree, which the caller frees, or nil when memory
  /// ran out.
  static func parse(_ text: UnsafeBufferPointer<UInt8>, dialect: MarkdownDialect)
    -> OpaquePointer?
  {
    let parser = CmarkParser(dialect: dialect)
    parser.feed(text)
    return parser.finish()
  }

  /// The extensions of a dialect, from cmark-gfm's registry.
  private static func extensions(_ dialect: MarkdownDialect) -> [OpaquePointer] {
    switch dialect {
    case .gfm: return gfmExtensions
    case .commonmark: return []
    }
  }

  /// GitHub's extensions, looked up once: registering them is not safe to do on two threads
  /// at once, and a static's first use is. The registry they live in is never changed
  /// after, so the pointers may be read from any thread.
  // nonisolated(unsafe): C handles of cmark-gfm's registry, which nothing changes after.
  nonisolated(unsafe) private static let gfmExtensions: [OpaquePointer] =
    MarkdownDialect.gfm.extensionNames.compactMap(CmarkExtensions.named)

  /// The versions of the library linked in, as it reports itself.
  static var version: String { String(cString: cmark_version_string()) }
}
