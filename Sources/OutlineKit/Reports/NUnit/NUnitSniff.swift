/// Whether a document is NUnit's XML: its root element is NUnit 3's `<test-run>` or NUnit
/// 2's `<test-results>`.
enum NUnitSniff {
  static func answer(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    RootElementSniff.answer(content, final: final, roots: ["test-run", "test-results"])
  }
}
