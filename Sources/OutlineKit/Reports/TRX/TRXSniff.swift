/// Whether a document is a Visual Studio test results file (TRX): its root element is
/// `<TestRun>`.
enum TRXSniff {
  static func answer(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    RootElementSniff.answer(content, final: final, roots: ["TestRun"])
  }
}
