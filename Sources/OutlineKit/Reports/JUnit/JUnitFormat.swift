/// JUnit XML and its dialects, read as a test report.
struct JUnitFormat: InputFormatDefinition {
  var names: [String] { ["junit"] }
  var documentName: String { "JUnit XML" }
  var helpNote: String? { nil }
  var summary: String? { "JUnit XML test report" }
  /// Its files are named `.xml`, which XML's extensions say: it is told from them by its
  /// root element (`refines`).
  var fileExtensions: [String] { [] }
  var takesTitleKeys: Bool { false }
  var refines: InputFormat? { .xml }

  /// As XML's: the document is held whole while it is read.
  var largestInput: Int { 512 << 20 }
  var memoryPerByte: Int { 4 }
  var memoryGrowth: Double { 2.5 }

  /// A root element `<testsuites>` or `<testsuite>`, after an XML declaration and comments.
  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    JUnitSniff.answer(content, final: final)
  }

  var claimMayBeWrong: Bool { false }

  func makeReader(_ options: ReadingOptions) -> any DocumentReader {
    WholeDocumentReader(JUnitReader.read)
  }

  var files: FormatFiles {
    FormatFiles(
      samples: ["junit/results.xml"], fuzzTarget: "junit",
      benchInputs: ["xml"], libraries: ["libxml2-dev", "libxml2"])
  }
}

extension InputFormat {
  /// JUnit XML and its dialects, read as a test report.
  public static let junit = InputFormat(JUnitFormat())
}
