/// JSON, read by yajl chunk by chunk, and JSON Lines: several values one after another.
struct JSONFormat: InputFormatDefinition {
  var names: [String] { ["json"] }
  var documentName: String { "JSON" }
  var helpNote: String? { nil }
  var summary: String? { nil }

  var fileExtensions: [String] { ["json", "jsonl", "ndjson", "geojson", "webmanifest"] }

  /// The extensions that say JSON Lines: one value per line, each a record of its own,
  /// even when there is only one.
  static let linesExtensions = ["jsonl", "ndjson"]

  var takesTitleKeys: Bool { true }

  /// 4 GiB less a byte: the keys and values of one input are kept in one store that
  /// 32-bit offsets address.
  var largestInput: Int { (4 << 30) - 1 }

  /// About 4, as `make bench` measures, with some room.
  var memoryPerByte: Int { 6 }

  /// A growing array is copied into one twice its size.
  var memoryGrowth: Double { 2.5 }

  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    JSONSniff.sniff(content, final: final)
  }

  var claimMayBeWrong: Bool { false }

  func makeReader(_ options: ReadingOptions) -> any DocumentReader {
    JSONReader(
      options: JSONReader.Options(titleKeys: options.titleKeys, isJSONLines: options.isJSONLines))
  }

  var files: FormatFiles {
    FormatFiles(
      samples: ["oceans.json", "releases.json"], fuzzTarget: "json", benchInputs: ["json"],
      libraries: ["libyajl-dev"])
  }
}

extension InputFormat {
  public static let json = InputFormat(JSONFormat())

  /// Whether a file name's extension says JSON Lines (`.jsonl`, `.ndjson`): one JSON value
  /// per line, each a record of its own, even when there is only one.
  public static func isJSONLines(fileName: String) -> Bool {
    fileExtension(fileName).map(JSONFormat.linesExtensions.contains) ?? false
  }
}
