/// A document larger than its reader takes, or than the memory left can hold.
public struct InputTooLarge: Equatable, Sendable, CustomStringConvertible {
  /// The bytes of the document, or of what had arrived when reading stopped.
  public let bytes: Int
  /// Whether `bytes` is the whole document (a file's size) rather than what had arrived.
  public let isWhole: Bool
  public let format: InputFormat
  /// The most bytes of `format` that can be read.
  public let largest: Int
  /// The memory that was left, when that is what `largest` comes from.
  let memory: MemoryLimit?
  /// Whether `bytes` counts the text the reader made, each invalid byte three bytes of
  /// U+FFFD, rather than the input.
  let isRepaired: Bool
  /// Whether `bytes` counts what gzip data inflated to.
  var isInflated = false

  /// `too large: 2.0 GiB of Markdown (at most 512 MiB)`, with the memory limit when it is
  /// the reason.
  public var description: String {
    let size = (isWhole ? "" : "over ") + ByteSize.written(isWhole ? bytes : largest)
    let replaced = isRepaired ? " once its invalid bytes are U+FFFD" : ""
    let inflated = isInflated ? " inflated from gzip" : ""
    let what = "too large: \(size) of \(format.documentName)\(inflated)\(replaced)"
    guard let memory else { return what + " (at most \(ByteSize.written(largest)))" }
    return what + " to read in \(memory.words), \(ByteSize.written(memory.bytes)) (at most "
      + "\(ByteSize.written(largest)) of \(format.documentName) in that)"
  }
}
