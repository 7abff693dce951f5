#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a document from an open file, chunk by chunk as it arrives, into an outline.
///
/// The format is the one asked for, else the one the file's name says, else the one its
/// first bytes suggest; a `.jsonl` or `.ndjson` name says JSON Lines. Reading stops with
/// an error, before memory runs out, once the document is larger than its reader takes
/// (`InputFormat.largestInput`) or than the memory left under the process's limits can
/// hold.
public struct DocumentLoader: Sendable {
  /// The format to read, whatever the name and the content say; nil to find it.
  public var format: InputFormat?
  /// The members that title elements of JSON, YAML and other structured formats.
  public var titleKeys: TitleKeys
  /// Whether the scalars of YAML and other structured formats are kept for conditions
  /// (`--expand-where`) to read: leave them out when no condition will be asked.
  public var keepsValues = true
  /// The most bytes read at a time.
  public var chunkSize = 1 << 18
  /// The most bytes of any format to read, below the format's own largest input; nil for
  /// no more than that.
  public var largestInput: Int?
  /// The memory to read within, in place of what the process's limits and the machine
  /// leave, which are looked up when reading starts.
  var memory: MemoryLimit?? = nil
  /// Memory that documents read before, and not yet written, will take to be written
  /// (the sum of their outlines' `memoryToWrite`): it is not there for this one.
  public var memoryKeptForOthers = 0

  public init(format: InputFormat? = nil, titleKeys: TitleKeys = .standard) {
    self.format = format
    self.titleKeys = titleKeys
  }

  /// Reads everything from `descriptor` into an outline. `name` is the file's name, which
  /// may tell its format by its extension.
  public func read(descriptor: Int32, name: String) throws(LoadError) -> Outline {
    let size = regularFileSize(descriptor)
    let limit = (memory ?? MemoryLimit.tightest()).map {
      MemoryLimit(bytes: max(0, $0.bytes - memoryKeptForOthers), source: $0.source)
    }
    var budget = Budget(memory: limit, largest: largestInput)
    var chosen = format ?? InputFormat.guess(fileName: name)
    // Kinds of the format the name says, told by content: a `.xml` file may be JUnit's.
    var kinds = format == nil ? chosen.map(InputFormat.kinds(of:)) ?? [] : []
    if let chosen, let size { try budget.check(size, chosen, whole: true) }
    var sniffer = FormatSniffer()
    var reader: (any DocumentReader)? = nil
    var pending: [UInt8] = []
    // A file whose size is known is read in one chunk of about its size, at least a page,
    // so that a small file fills no more memory than it needs: filling the whole chunk was
    // a page fault for every 4 KiB of it, which weighed on the start of every run.
    let chunkCount = size.map { min(chunkSize, max(4096, $0 + 1)) } ?? chunkSize
    var chunk = [UInt8](repeating: 0, count: max(1, chunkCount))
    // The bytes of the document, once inflated when it is compressed.
    var total = 0
    // The name that tells the format: the file's, less `.gz` once it is inflated.
    var formatName = name
    // The first bytes read, until they tell whether the document is compressed.
    var lead: [UInt8] = []
    var compression: Compression?? = nil
    var inflater: GzipInflater? = nil
    // Whether the start is known to be text, or to be read anyway as the format given
    // says, once no byte order mark says UTF-16 or UTF-32.
    var isText = false
    // Whether the format was told from the first bytes, neither given nor named.
    var sniffed = false

    // Starts the reader once the format and the text are known from the start, `pending`.
    func startOnceKnown(final: Bool) throws(LoadError) {
      if !isText {
        let isInflated = inflater != nil
        if format != nil {
          guard final || pending.count >= TextCheck.byteOrderMarkBlock else { return }
          if let problem = TextCheck.encodingProblem(pending[...], isInflated: isInflated) {
            throw problem
          }
        } else {
          guard final || pending.count >= TextCheck.block else { return }
          if let problem = TextCheck.problem(pending[...], complete: final, isInflated: isInflated)
          {
            throw problem
          }
        }
        isText = true
      }
      if let named = chosen, !kinds.isEmpty {
        guard let kind = InputFormat.kind(of: pending[...], final: final, among: kinds, else: named)
        else { return }
        chosen = kind
        kinds = []
      }
      if chosen == nil {
        chosen = sniffer.format(of: pending, final: final)
        sniffed = chosen != nil
      }
      if final && chosen == nil { chosen = InputFormat.fallback }
      guard let chosen else { return }
      // The size of gzip data says little of what it inflates to.
      let size = inflater == nil ? size : nil
      if let size { try budget.check(size, chosen, whole: true) }
      try budget.check(total, chosen, whole: false)
      reader = try start(chosen, name: formatName, size: size, with: &pending)
      if let watch = budget.watch { reader?.watchMemory(watch) }
    }

    // Takes the next bytes of the document.
    func take(_ bytes: UnsafeRawBufferPointer) throws(LoadError) {
      total += bytes.count
      guard let reader else {
        pending.append(contentsOf: bytes)
        try startOnceKnown(final: false)
        return
      }
      try budget.check(total, chosen ?? InputFormat.fallback, whole: false, text: reader.textSize)
      try budget.checkUsage(total, chosen ?? InputFormat.fallback)
      try reader.take(bytes)
    }

    // Takes the next bytes read, inflating them if they are gzip.
    func pass(_ bytes: UnsafeRawBufferPointer) throws(LoadError) {
      if let inflater { try inflater.feed(bytes, into: take) } else { try take(bytes) }
    }

    // Takes the compression the first bytes say, and passes them on.
    func decide(_ found: Compression?) throws(LoadError) {
      compression = .some(found)
      switch found {
      case .gzip?:
        inflater = try GzipInflater()
        budget.isInflated = true
        formatName = Compression.uncompressedName(name)
        if format == nil {
          chosen = InputFormat.guess(fileName: formatName)
          kinds = chosen.map(InputFormat.kinds(of:)) ?? []
        }
      case .other(let program)?:
        if format == nil { throw LoadError.compressed(program: program) }
      case nil: break
      }
      let held = lead
      lead = []
      try held.withBytes { (bytes) throws(LoadError) in try pass(bytes) }
    }

    while true {
      let count = chunk.withUnsafeMutableBytes {
        systemRead(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw LoadError.system(code: errno)
      }
      if count == 0 {
        // A file whose size reads as 0 at first, as those of /proc and /sys do, has
        // no size to fall short of: it is read to its end.
        if size != 0, isCutShort(descriptor) { throw LoadError.shrank }
        break
      }
      if compression != nil {
        try chunk.withBytes { (bytes) throws(LoadError) in
          try pass(UnsafeRawBufferPointer(rebasing: bytes[..<count]))
        }
        continue
      }
      lead.append(contentsOf: chunk[..<count])
      if let found = Compression.of(lead[...], final: false) { try decide(found) }
    }
    if compression == nil { try decide(Compression.of(lead[...], final: true) ?? nil) }
    try inflater?.finish()
    if reader == nil { try startOnceKnown(final: true) }
    guard let ending = reader, let last = chosen else {
      preconditionFailure("starting at the end of the input always chooses a format and a reader")
    }
    try budget.check(total, last, whole: true, text: ending.textSize)
    var outline: Outline
    // Its first lines read as its format: it may be Markdown that looks so.
    let mayBeMarkdown = sniffed && last.definition.claimMayBeWrong
    do {
      outline = try ending.end()
    } catch .syntax(let error) where mayBeMarkdown {
      throw .syntax(DocumentLoader.sayingFallback(error, last))
    }
    if mayBeMarkdown, let error = outline.stoppedBy {
      outline.stoppedBy = DocumentLoader.sayingFallback(error, last)
    }
    outline.memoryToWrite = try budget.checkWriting(total, last)
    outline.sourceBytes = total
    return outline
  }

  /// `error`, met in a document read as `format` for its first lines, saying how to read
  /// it as the fallback format, Markdown.
  private static func sayingFallback(_ error: ReadError, _ format: InputFormat) -> ReadError {
    let fallback = InputFormat.fallback
    return ReadError(
      line: error.line, column: error.column,
      message: error.message + " (read as \(format.documentName) for its first lines; "
        + "-f \(fallback.name) reads it as \(fallback.documentName))")
  }

  /// A reader for `format`, given what has arrived so far.
  private func start(_ format: InputFormat, name: String, size: Int?, with pending: inout [UInt8])
    throws(LoadError) -> any DocumentReader
  {
    let reader = format.makeReader(
      ReadingOptions(
        titleKeys: titleKeys, isJSONLines: InputFormat.isJSONLines(fileName: name),
        keepsValues: keepsValues))
    if let size, size > 0 { reader.reserveCapacity(size) }
    try pending.withBytes { (bytes) throws(LoadError) in try reader.take(bytes) }
    pending = []
    return reader
  }

  /// The size of the file open at `descriptor`, when it is a regular file.
  private func regularFileSize(_ descriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
  }
}

/// The bytes a document may take: what its reader takes, and what the memory left holds.
private struct Budget {
  /// The memory left when reading began, if anything says.
  let memory: MemoryLimit?
  /// The most bytes to read, below each format's own largest input.
  let largest: Int?
  /// The memory taken since reading began, when the limit says what it counts.
  private(set) var watch: MemoryWatch?
  /// The input read when the memory taken was last looked at.
  private var lastLooked = 0
  /// Whether the bytes counted are those gzip data inflates to.
  var isInflated = false {
    didSet { watch?.isInflated = isInflated }
  }

  init(memory: MemoryLimit?, largest: Int?) {
    self.memory = memory
    self.largest = largest
    watch = memory.flatMap(MemoryWatch.init(memory:))
  }

  /// Throws when the memory reading `bytes` of `format` has taken so far, grown to what
  /// finishing and writing the document take, would pass what was left: a document can
  /// take ten times the memory of another of its size (a heading or list item per line,
  /// JSON of small records), so the memory is looked at, every megabyte of input.
  mutating func checkUsage(_ bytes: Int, _ format: InputFormat) throws(LoadError) {
    guard let watch, bytes - lastLooked >= 1 << 20 else { return }
    lastLooked = bytes
    try watch.check(bytes, format)
  }

  /// Throws when writing the document read, `bytes` of `format`, would pass the memory
  /// left, else returns what writing it will take: an id for each section, a buffer of
  /// output and what the writer keeps, which together take at most half of what reading took
  /// beyond what collapse takes whatever it reads (a thread's stack and malloc arena).
  /// A document under a megabyte is not looked at, as when reading: what it takes is lost
  /// among what the process's threads take and give back.
  func checkWriting(_ bytes: Int, _ format: InputFormat) throws(LoadError) -> Int {
    guard bytes >= 1 << 20, let memory, let watch, let now = memory.usage() else {
      return 0
    }
    let taken = max(0, now - watch.startUsage)
    let writing = max(0, taken - InputFormat.memoryBeyondInput) / 2
    let needed = taken + writing + InputFormat.memoryBeyondInput
    guard needed > memory.bytes else { return writing }
    let largest = Int(Double(bytes) * Double(memory.bytes) / Double(max(1, needed)))
    throw tooLarge(
      bytes, whole: true, format, largest: min(bytes, largest), memory: memory)
  }

  /// Throws when `bytes` of `format` (all of the document when `whole`, else what has
  /// arrived so far), or the `text` the reader made of them, are more than can be read.
  func check(_ bytes: Int, _ format: InputFormat, whole: Bool, text: Int = 0) throws(LoadError) {
    let limit = min(format.largestInput, largest ?? Int.max)
    if max(bytes, text) > limit {
      throw tooLarge(
        max(bytes, text), whole: whole, format, largest: limit, memory: nil,
        repaired: text > bytes)
    }
    guard let memory else { return }
    let largest = max(0, (memory.bytes - InputFormat.memoryBeyondInput) / format.memoryPerByte)
    if bytes > largest {
      throw tooLarge(bytes, whole: whole, format, largest: largest, memory: memory)
    }
  }
  /// The error for `bytes` of `format` that are more than `largest`, saying whether they
  /// are what gzip data inflated to.
  private func tooLarge(
    _ bytes: Int, whole: Bool, _ format: InputFormat, largest: Int, memory: MemoryLimit?,
    repaired: Bool = false
  ) -> LoadError {
    .tooLarge(
      InputTooLarge(
        bytes: bytes, isWhole: whole, format: format, largest: largest, memory: memory,
        isRepaired: repaired, isInflated: isInflated))
  }
}

/// Whether `descriptor` is a regular file that now ends before the point reading reached:
/// another program truncated it while it was being read, so what was read is neither the
/// old file nor the new one.
private func isCutShort(_ descriptor: Int32) -> Bool {
  var status = stat()
  guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
  return lseek(descriptor, 0, SEEK_CUR) > status.st_size
}

/// read(2), named apart from the loader's own `read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
