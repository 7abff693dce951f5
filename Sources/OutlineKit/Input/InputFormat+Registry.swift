/// The registry of input formats: each defined in its own folder, listed here once.
extension InputFormat {
  /// Every format collapse reads, in the order `--from`'s help, the completions and the
  /// messages name them, which is the order their sniffers are asked in, the fallback's
  /// last.
  public static let registered: [InputFormat] = [
    .markdown, .commonmark, .json, .yaml, .junit, .xunit, .nunit, .trx, .xml,
  ]

  /// The format of any text that no sniffer claims.
  public static let fallback = InputFormat.markdown

  /// The formats in the order their sniffers are asked: the registry's, the fallback last.
  static let sniffingOrder = registered.filter { $0 != fallback } + [fallback]

  /// The names `--from` takes: every format's own, with the others it goes by.
  public static let names = registered.flatMap(\.definition.names)

  /// The format a name of `names` stands for.
  public init?(name: String) {
    guard let found = InputFormat.registered.first(where: { $0.definition.names.contains(name) })
    else { return nil }
    self = found
  }

  /// The names of the formats' documents in a list for a sentence: `Markdown, JSON or
  /// YAML`, as the message for a binary file and `--help` say; a kind of another format's
  /// documents (JUnit XML) goes under that format's name.
  public static var documentNamesInWords: String {
    var names: [String] = []
    for format in registered
    where format.definition.refines == nil && !names.contains(format.documentName) {
      names.append(format.documentName)
    }
    return inWords(names, joinedBy: "or")
  }

  /// `a, b or c`, for `word` `or`.
  public static func inWords(_ items: [String], joinedBy word: String) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(word) \(last)"
  }

  /// The format a file name's extension says, if it says one.
  public static func guess(fileName: String) -> InputFormat? {
    guard let found = fileExtension(fileName) else { return nil }
    return registered.first { $0.definition.fileExtensions.contains(found) }
  }

  /// The extension of a file name's last component, in lower case, if it has one.
  static func fileExtension(_ fileName: String) -> String? {
    guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else {
      return nil
    }
    return fileName[fileName.index(after: dot)...].lowercased()
  }

  /// The format the start of a document suggests: the first, in `sniffingOrder`, whose
  /// sniffer claims it, each asked only once those before it declined. Nil while too little
  /// has arrived to tell (a byte order mark cut short, or a sniffer undecided); `final`
  /// says nothing more will.
  public static func guess(content: some Collection<UInt8>, final: Bool = false) -> InputFormat? {
    guess(content: ArraySlice(content), final: final, asking: sniffingOrder)
  }

  /// The first of `formats` whose sniffer claims `bytes`, asked in turn; nil while one is
  /// undecided; the fallback when none claims them.
  static func guess(content bytes: ArraySlice<UInt8>, final: Bool, asking formats: [InputFormat])
    -> InputFormat?
  {
    guard SourceMap.byteOrderMarkLength(bytes, final: final) != nil else { return nil }
    for format in formats {
      switch format.definition.sniff(bytes, final: final) {
      case .claimed: return format
      case .declined: continue
      case .undecided: return nil
      }
    }
    return fallback
  }

  /// The kinds of `format`'s documents told by content (`refines`), in the registry's
  /// order.
  static func kinds(of format: InputFormat) -> [InputFormat] {
    registered.filter { $0.definition.refines == format }
  }

  /// The first of `kinds` whose sniffer claims `bytes` (from the document's start, a byte
  /// order mark and white space passed over), `format` when none does; nil while one is
  /// undecided.
  static func kind(
    of bytes: ArraySlice<UInt8>, final: Bool, among kinds: [InputFormat], else format: InputFormat
  ) -> InputFormat? {
    guard let mark = SourceMap.byteOrderMarkLength(bytes, final: final) else { return nil }
    var start = bytes.startIndex + mark
    while start < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    let end = min(bytes.endIndex, start + sniffWindow)
    let whole = final || end - start == sniffWindow
    for kind in kinds {
      switch kind.definition.sniff(bytes[start..<end], final: whole) {
      case .claimed: return kind
      case .declined: continue
      case .undecided: return nil
      }
    }
    return format
  }

  /// A reader for this format, reading as much of `options` as applies to it.
  public func makeReader(_ options: ReadingOptions = ReadingOptions()) -> any DocumentReader {
    definition.makeReader(options)
  }
}

extension LoadError {
  /// The document is not text: NUL bytes, or many bytes that are not UTF-8, start it. Its
  /// message names every format collapse reads.
  public static var binary: LoadError { .notText(formats: InputFormat.documentNamesInWords) }
}
