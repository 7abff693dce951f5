/// Texts a pattern is matched against, copied one after another into one buffer on the
/// command's thread, so that the pattern's thread reads only bytes of its own and never
/// the documents they were written from.
struct TextBatch: Sendable {
  /// The bytes a batch holds before it is handed over, unless one text holds more: few
  /// enough that only a few batches are held at once, however large the outline.
  static let bytesHeld = 256 * 1024

  /// The bytes this batch holds before it is handed over.
  let bytesHeld: Int

  /// The texts, one after another.
  var text = ByteBuffer()
  /// Where each text ends in `text`; the first starts at 0, each other where the one
  /// before it ends.
  private(set) var ends: [Int] = []

  /// How many texts the batch holds.
  var count: Int { ends.count }

  /// Whether the batch holds as many bytes as it is to hold.
  var isFull: Bool { text.bytes.count >= bytesHeld }

  /// An empty batch that is full at `bytesHeld` bytes.
  init(bytesHeld: Int = TextBatch.bytesHeld) {
    self.bytesHeld = bytesHeld
  }

  /// Adds a text: what `write` writes.
  mutating func append(_ write: (inout ByteBuffer) -> Void) {
    write(&text)
    ends.append(text.bytes.count)
  }

  /// The bytes of the text at `position`.
  func text(at position: Int) -> ArraySlice<UInt8> {
    text.bytes[(position == 0 ? 0 : ends[position - 1])..<ends[position]]
  }
}
