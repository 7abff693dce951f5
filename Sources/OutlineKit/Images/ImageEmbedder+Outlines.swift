extension ImageEmbedder {
  /// Embeds the images of the documents `outlines` were read from, each outline paired
  /// with the path of its file (`-` and "" read from the working folder).
  public convenience init(
    outlines: [(outline: Outline, path: String)], largestImage: Int = 16 << 20,
    largestTotal: Int = 64 << 20
  ) {
    self.init(
      documents: outlines.flatMap { outline, path in outline.documentKeys.map { ($0, path) } },
      largestImage: largestImage, largestTotal: largestTotal)
  }
}
