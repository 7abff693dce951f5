/// Whether a document is JUnit XML: its root element, after an XML declaration, comments,
/// processing instructions and a document type, if any, is `<testsuites>` or
/// `<testsuite>`.
enum JUnitSniff {
  static func answer(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    RootElementSniff.answer(content, final: final, roots: ["testsuites", "testsuite"])
  }
}
