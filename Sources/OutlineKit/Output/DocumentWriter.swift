/// Writes an outline to a stream, in the format `OutputFormat.makeWriter` made it for.
public protocol DocumentWriter {
  /// Writes `outline` with the sections `selection` expands; throws what `target` fails
  /// with, at the section it failed in.
  func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, to target: inout Target
  ) throws(Target.Failure)
}

extension TextWriter: DocumentWriter {}

extension JSONWriter: DocumentWriter {}
