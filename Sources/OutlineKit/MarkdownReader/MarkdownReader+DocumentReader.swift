extension MarkdownReader: DocumentReader {
  public func take(_ chunk: UnsafeRawBufferPointer) { feed(chunk) }
  public func end() throws(LoadError) -> Outline { try finish() }
}
