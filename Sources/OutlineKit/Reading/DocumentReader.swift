/// Reads a document chunk by chunk into an outline.
public protocol DocumentReader: AnyObject {
  /// Makes room for a document of about `count` bytes, when its size is known.
  func reserveCapacity(_ count: Int)
  /// Takes the next chunk of the document; what the reader finds wrong in it comes as the
  /// `LoadError` case that carries the reader's own error.
  func take(_ chunk: UnsafeRawBufferPointer) throws(LoadError)
  /// Ends the document and returns its outline.
  func end() throws(LoadError) -> Outline
  /// The bytes of the document the reader holds so far, where that is more than it was
  /// given: Markdown's text once each invalid byte is U+FFFD. The format's largest input
  /// limits it too.
  var textSize: Int { get }
  /// Watches the memory taken while the document is read: a reader that builds its
  /// outline only at the end looks at it as it builds.
  func watchMemory(_ watch: MemoryWatch)
}

extension DocumentReader {
  public func reserveCapacity(_ count: Int) {}
  public var textSize: Int { 0 }
  public func watchMemory(_ watch: MemoryWatch) {}
}
