/// Whether a document is xUnit.net's v2 XML: its root element is `<assemblies>`.
enum XUnitSniff {
  static func answer(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    RootElementSniff.answer(content, final: final, roots: ["assemblies"])
  }
}
