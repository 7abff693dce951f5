/// A stream that passes HTML on and notes the footnote references in it, by the ids
/// cmark-gfm gives them (`fnref-1`, `fnref-1-2`): a cut output writes only some, and the
/// notes' links back must go only to those.
struct FootnoteReferences<Base: ByteOutputStream>: ByteOutputStream {
  var base: Base
  /// The ids of the references written.
  private(set) var ids: Set<String> = []

  init(base: Base) {
    self.base = base
  }

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
  }

  func checkFailure() throws(Base.Failure) {
    try base.checkFailure()
  }

  mutating func write(bytes: UnsafeRawBufferPointer) {
    base.write(bytes: bytes)
    FootnoteMarkup.values(after: FootnoteMarkup.referenceID, in: bytes) { ids.insert($0) }
  }
}
