/// Everything collapse knows of one input format, given once, in the format's own folder.
///
/// The lists that name every format (`--from`'s values and help, the guess by file name
/// and by first bytes, the message for a binary file, the completions and the tests' lists
/// of samples and fuzz targets) are made from the formats `InputFormat.registered` holds.
public protocol InputFormatDefinition: Sendable {
  /// The names `--from` takes for it, its own first (`markdown`, then `gfm`).
  var names: [String] { get }
  /// What a document of it is called in messages: `YAML`.
  var documentName: String { get }
  /// What `--from`'s help says of it in brackets after its name, if anything.
  var helpNote: String? { get }
  /// What the completions say of it beside its name, if more than its document's name.
  var summary: String? { get }
  /// The extensions of file names that say it, in lower case, without the dot.
  var fileExtensions: [String] { get }
  /// Whether its array elements are titled by the members `--title-key` names.
  var takesTitleKeys: Bool { get }

  /// The largest document of it that collapse reads, in bytes.
  var largestInput: Int { get }
  /// The memory reading and writing a document of it takes, per byte of it, at most.
  var memoryPerByte: Int { get }
  /// How many times the memory reading a document has taken so far it takes at its most,
  /// once it is finished and written.
  var memoryGrowth: Double { get }

  /// What the first bytes of a document (after a byte order mark, if one is there) say of
  /// it being of this format; `final` says nothing more will arrive. Sniffers are asked in
  /// the registry's order, the fallback's last, and a format is asked only when every one
  /// before it declined; so a sniffer claims only what its format alone begins with.
  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer
  /// Whether a document it claimed by its first bytes may yet be of the fallback format,
  /// Markdown: a syntax error in it then says how to read it so.
  var claimMayBeWrong: Bool { get }

  /// A reader of a document of it, reading as much of `options` as applies to it.
  func makeReader(_ options: ReadingOptions) -> any DocumentReader

  /// Where its samples, fuzz target and bench inputs are.
  var files: FormatFiles { get }

  /// The format whose documents it is a kind of, told from them by content even where a
  /// file's name says that format (JUnit XML in a `.xml` file); nil for most.
  var refines: InputFormat? { get }
}

extension InputFormatDefinition {
  public var refines: InputFormat? { nil }
}
