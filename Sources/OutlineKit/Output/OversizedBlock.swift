/// A Markdown block whose HTML would take more than cmark-gfm renders at once
/// (`CmarkRenderer.renderLimit`): html output leaves it out, with a note in its place.
public struct OversizedBlock: Hashable, Sendable, CustomStringConvertible {
  /// Where the block starts.
  public let place: SourcePlace

  public init(place: SourcePlace) {
    self.place = place
  }

  /// `5:1: the HTML of this block …`, to follow the document's name and `:`.
  public var description: String {
    "\(place.line):\(place.column): the HTML of this block would take more than "
      + "\(ByteSize.written(CmarkRenderer.renderLimit)), more than cmark-gfm renders at "
      + "once; it is left out, with a note in its place"
  }
}
