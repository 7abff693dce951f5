/// xUnit.net's v2 XML (`dotnet test --logger xunit`, the console runner's `-xml`), read as
/// a test report.
struct XUnitFormat: InputFormatDefinition {
  var names: [String] { ["xunit"] }
  var documentName: String { "xUnit.net XML" }
  var helpNote: String? { nil }
  var summary: String? { "xUnit.net v2 XML test report" }
  /// Its files are named `.xml`: it is told from other XML by its root element (`refines`).
  var fileExtensions: [String] { [] }
  var takesTitleKeys: Bool { false }
  var refines: InputFormat? { .xml }

  /// As XML's: the document is held whole while it is read.
  var largestInput: Int { 512 << 20 }
  var memoryPerByte: Int { 4 }
  var memoryGrowth: Double { 2.5 }

  /// A root element `<assemblies>`, after an XML declaration and comments.
  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    XUnitSniff.answer(content, final: final)
  }

  var claimMayBeWrong: Bool { false }

  func makeReader(_ options: ReadingOptions) -> any DocumentReader {
    WholeDocumentReader(XUnitReader.read)
  }

  var files: FormatFiles {
    FormatFiles(
      samples: ["xunit/results.xml"], fuzzTarget: "xunit", benchInputs: [],
      libraries: ["libxml2-dev"])
  }
}

extension InputFormat {
  /// xUnit.net's v2 XML, read as a test report.
  public static let xunit = InputFormat(XUnitFormat())
}
