/// Visual Studio's test results (TRX), as MSTest, `vstest.console /logger:trx` and
/// `dotnet test --logger trx` write them, read as a test report.
struct TRXFormat: InputFormatDefinition {
  var names: [String] { ["trx"] }
  var documentName: String { "TRX" }
  var helpNote: String? { nil }
  var summary: String? { "Visual Studio TRX test results" }
  /// Its `.trx` files are among XML's extensions: it is told from other XML by its root
  /// element (`refines`), so that `-f xml` still shows one's elements.
  var fileExtensions: [String] { [] }
  var takesTitleKeys: Bool { false }
  var refines: InputFormat? { .xml }

  /// As XML's: the document is held whole while it is read.
  var largestInput: Int { 512 << 20 }
  var memoryPerByte: Int { 4 }
  var memoryGrowth: Double { 2.5 }

  /// A root element `<TestRun>`, after an XML declaration and comments.
  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    TRXSniff.answer(content, final: final)
  }

  var claimMayBeWrong: Bool { false }

  func makeReader(_ options: ReadingOptions) -> any DocumentReader {
    WholeDocumentReader(TRXReader.read)
  }

  var files: FormatFiles {
    FormatFiles(
      samples: ["trx/results.trx"], fuzzTarget: "trx", benchInputs: [],
      libraries: ["libxml2-dev"])
  }
}

extension InputFormat {
  /// Visual Studio's test results (TRX), read as a test report.
  public static let trx = InputFormat(TRXFormat())
}
