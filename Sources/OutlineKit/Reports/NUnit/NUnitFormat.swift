/// NUnit's XML, as NUnit 3 (`<test-run>`) and NUnit 2.5 and 2.6 (`<test-results>`) write
/// it, read as a test report.
struct NUnitFormat: InputFormatDefinition {
  var names: [String] { ["nunit"] }
  var documentName: String { "NUnit XML" }
  var helpNote: String? { nil }
  var summary: String? { "NUnit 2 or 3 XML test report" }
  /// Its files are named `.xml`: it is told from other XML by its root element (`refines`).
  var fileExtensions: [String] { [] }
  var takesTitleKeys: Bool { false }
  var refines: InputFormat? { .xml }

  /// As XML's: the document is held whole while it is read.
  var largestInput: Int { 512 << 20 }
  var memoryPerByte: Int { 4 }
  var memoryGrowth: Double { 2.5 }

  /// A root element `<test-run>` or `<test-results>`, after an XML declaration and
  /// comments.
  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    NUnitSniff.answer(content, final: final)
  }

  var claimMayBeWrong: Bool { false }

  func makeReader(_ options: ReadingOptions) -> any DocumentReader {
    WholeDocumentReader(NUnitReader.read)
  }

  var files: FormatFiles {
    FormatFiles(
      samples: ["nunit/TestResult.xml"], fuzzTarget: "nunit", benchInputs: [],
      libraries: ["libxml2-dev"])
  }
}

extension InputFormat {
  /// NUnit 2's and 3's XML, read as a test report.
  public static let nunit = InputFormat(NUnitFormat())
}
