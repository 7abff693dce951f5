/// XML 1.0, as libxml2's streaming reader reads it.
struct XMLFormat: InputFormatDefinition {
  var names: [String] { ["xml"] }
  var documentName: String { "XML" }
  var helpNote: String? { nil }
  var summary: String? { nil }
  /// XML's own, and the files that CI and builds write in it: SVG, schemas and style
  /// sheets, .NET projects and packages, Visual Studio's test results, feeds.
  var fileExtensions: [String] {
    [
      "xml", "svg", "xsd", "xsl", "xslt", "csproj", "fsproj", "vbproj", "nuspec", "resx", "xaml",
      "trx", "rss", "atom",
    ]
  }
  /// It has no array elements for `--title-key` to title; an element is titled by its tag
  /// and the first attribute it has that the title keys name, which the reader is given.
  var takesTitleKeys: Bool { false }

  /// Held whole, as the outline's content is its lines, with a line start for each line.
  var largestInput: Int { 512 << 20 }
  /// About 2.1 on reports shaped as Surefire writes them (`bench/generate.py xml`), input
  /// included, with some room; an element on every few lines takes far more (about 28 for
  /// one on every 5 bytes), which the memory watch sees as reading goes.
  var memoryPerByte: Int { 4 }
  /// A growing array is copied into one twice its size.
  var memoryGrowth: Double { 2.5 }

  /// An XML declaration, or a root element that no HTML element is (`XMLSniff`); HTML's
  /// elements, comments and the rest are declined, for Markdown to take.
  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    XMLSniff.answer(content, final: final)
  }

  var claimMayBeWrong: Bool { false }

  func makeReader(_ options: ReadingOptions) -> any DocumentReader {
    XMLReader(titleKeys: options.titleKeys)
  }

  var files: FormatFiles {
    FormatFiles(
      samples: ["xml/pom.xml"], fuzzTarget: "xml", benchInputs: ["xml"],
      libraries: ["libxml2-dev", "libxml2"])
  }
}

extension InputFormat {
  /// XML 1.0, as libxml2's streaming reader reads it.
  public static let xml = InputFormat(XMLFormat())
}
