/// YAML 1.1 and 1.2, as libyaml reads it: several documents a stream.
struct YAMLFormat: InputFormatDefinition {
  var names: [String] { ["yaml"] }
  var documentName: String { "YAML" }
  var helpNote: String? { nil }
  var summary: String? { nil }
  var fileExtensions: [String] { ["yaml", "yml"] }
  var takesTitleKeys: Bool { true }

  /// Held whole, as libyaml reads it, with a line start for each line.
  var largestInput: Int { 512 << 20 }
  var memoryPerByte: Int { 8 }
  /// A growing array is copied into one twice its size.
  var memoryGrowth: Double { 2.5 }

  /// Never a document that opens with `{` or `[`: JSON's sniffer, asked first, judges
  /// those, and what it declines is Markdown. Else what `YAMLSniff` makes of the start, once
  /// all of it has arrived: YAML is told from Markdown by complete lines.
  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    let text = content.dropFirst(SourceMap.byteOrderMarkLength(content, final: true) ?? 0)
    let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .declined }
    guard final else { return .undecided }
    return YAMLSniff.isYAML(content, final: content.count < InputFormat.sniffWindow)
      ? .claimed : .declined
  }

  /// A flat config, or one with a mistake in its first lines, may read as YAML for them.
  var claimMayBeWrong: Bool { true }

  func makeReader(_ options: ReadingOptions) -> any DocumentReader {
    YAMLReader(
      options: YAMLReader.Options(titleKeys: options.titleKeys, keepsValues: options.keepsValues))
  }

  var files: FormatFiles {
    FormatFiles(
      samples: ["yaml/ci.yml", "yaml/deploy.yaml"], fuzzTarget: "yaml",
      benchInputs: ["manifests", "openapi"], libraries: ["libyaml-dev"])
  }
}

extension InputFormat {
  /// YAML 1.1 and 1.2, as libyaml reads it: several documents a stream.
  public static let yaml = InputFormat(YAMLFormat())
}
