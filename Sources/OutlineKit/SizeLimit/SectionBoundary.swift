/// A place in a rendering where a section starts, where its heading part ends, or where
/// it ends, reported when the bytes before it have been written.
public enum SectionBoundary: Sendable {
  case start(Int)
  case headerEnd(Int)
  case end(Int)
}
