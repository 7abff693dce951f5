/// A reader that keeps the document as its chunks come and reads it whole at its end, with
/// `read`: for the parsers that take a document in memory (libxml2's reader of a report).
final class WholeDocumentReader: DocumentReader {
  private var input: [UInt8] = []
  private let read: (consuming [UInt8]) throws(LoadError) -> Outline

  init(_ read: @escaping (consuming [UInt8]) throws(LoadError) -> Outline) {
    self.read = read
  }

  func reserveCapacity(_ count: Int) {
    input.reserveCapacity(count)
  }

  func take(_ chunk: UnsafeRawBufferPointer) throws(LoadError) {
    input.append(contentsOf: chunk)
  }

  /// Hands the document over rather than sharing it, so that `read` may let go of it.
  func end() throws(LoadError) -> Outline {
    let whole = input
    input = []
    return try read(consume whole)
  }
}
