/// A writer of html or markdown that leaves out what `elision` says, to fit a size.
struct ElidingWriter<Writer: SizeLimitable>: DocumentWriter {
  let writer: Writer
  /// What is left out; nil for nothing.
  let elision: Elision?

  func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, to target: inout Target
  ) throws(Target.Failure) {
    try writer.write(outline, selection: selection, elision: elision, to: &target)
  }
}
