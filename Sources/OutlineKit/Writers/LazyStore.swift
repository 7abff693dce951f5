import CZlib

/// Where a lazy page keeps what its first layout leaves out: the HTML of sections'
/// bodies, in pieces, deflated in chunks.
///
/// A piece is the body of one section (or of the document), or the next part of one
/// when the body is long: its content and its subsections' summaries, each subsection's
/// own body a piece again. The page holds, in place of a piece,
/// `<div class="lazy" data-piece="N"></div>`; its script inflates the chunk and puts the
/// piece there when the section is opened or the place comes into sight. A piece holds
/// one section's parts and nothing deeper, so that the next part of a body always comes
/// right after it: the script can lay out a late part without the parts before it.
struct LazyStore {
  /// About how much HTML a chunk holds before it is deflated: a section opens after its
  /// chunk is inflated, in a few milliseconds.
  static let chunkSize = 512 * 1024

  /// Four numbers for each piece, by its number: its chunk, its offset and length in the
  /// chunk once inflated, and the section whose body it holds (-1 for the document).
  private(set) var table: [Int] = []
  /// The chunks made so far, deflated (zlib), and whether each one is: one that could not
  /// be, for want of memory, is kept as it is.
  private(set) var chunks: [(bytes: [UInt8], deflated: Bool)] = []
  private var current: [UInt8] = []

  /// The number of a new piece that holds the body of `owner`.
  mutating func newPiece(owner: Int) -> Int {
    table.append(contentsOf: [-1, 0, 0, owner])
    return table.count / 4 - 1
  }

  /// Keeps `bytes` as the piece numbered `piece`.
  mutating func keep(_ bytes: [UInt8], as piece: Int) {
    table[piece * 4] = chunks.count
    table[piece * 4 + 1] = current.count
    table[piece * 4 + 2] = bytes.count
    current.append(contentsOf: bytes)
    if current.count >= LazyStore.chunkSize { seal() }
  }

  /// Deflates what is not yet in a chunk.
  mutating func seal() {
    guard !current.isEmpty else { return }
    if let deflated = LazyStore.deflated(current) {
      chunks.append((deflated, true))
    } else {
      chunks.append((current, false))
    }
    current = []
  }

  /// `bytes` in zlib's format, or nil when zlib cannot make it.
  static func deflated(_ bytes: [UInt8]) -> [UInt8]? {
    var size = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = output.withUnsafeMutableBufferPointer { output in
      bytes.withUnsafeBufferPointer { input in
        compress2(output.baseAddress, &size, input.baseAddress, uLong(input.count), 6)
      }
    }
    guard status == Z_OK else { return nil }
    output.removeSubrange(Int(size)...)
    return output
  }
}
