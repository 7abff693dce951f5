extension ImageEmbedder {
  /// Embeds the images of the documents `outlines` were read from, each outline paired
  /// with the path of its file (`-` and "" read from the working folder), into an output
  /// cut to `outputLimit` bytes if given: together they take at most `largestTotal`, and
  /// never more than the output may, however much else is cut.
  public convenience init(
    outlines: [(outline: Outline, path: String)], largestImage: Int = 16 << 20,
    largestTotal: Int = 64 << 20, outputLimit: Int? = nil
  ) {
    self.init(
      documents: outlines.flatMap { outline, path in outline.documentKeys.map { ($0, path) } },
      largestImage: largestImage, largestTotal: min(largestTotal, outputLimit ?? .max))
  }
}
