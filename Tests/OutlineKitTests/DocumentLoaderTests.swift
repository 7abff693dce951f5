import Foundation
import Testing

@testable import OutlineKit

@Suite("document loader")
struct DocumentLoaderTests {
  /// Reads `bytes` through a pipe, as standard input would bring them.
  static func readPiped(
    _ bytes: [UInt8], name: String = "stdin", loader: DocumentLoader = DocumentLoader()
  ) throws(LoadError) -> Outline {
    // The loader may stop reading early: the writer's write then fails instead of killing
    // the test process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw .system(code: errno) }
    let (reading, writing) = (ends[0], ends[1])
    let writer = Thread {
      bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
          let written = write(writing, base + offset, buffer.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      close(writing)
    }
    writer.start()
    defer { close(reading) }
    return try loader.read(descriptor: reading, name: name)
  }

  /// Reads `bytes` from a regular file.
  private func readFile(_ bytes: [UInt8], name: String, loader: DocumentLoader) throws
    -> Result<Outline, LoadError>
  {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "loader-\(UUID().uuidString)-\(name)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let descriptor = open(url.path, O_RDONLY)
    defer { close(descriptor) }
    return Result { () throws(LoadError) in try loader.read(descriptor: descriptor, name: name) }
  }

  private func tooLarge(_ result: Result<Outline, LoadError>) -> String? {
    guard case .failure(.tooLarge(let error)) = result else { return nil }
    return error.description
  }

  @Test("the format comes from the name, else from the first bytes, in chunks of any size")
  func format() throws {
    var loader = DocumentLoader()
    loader.chunkSize = 3
    #expect(try Self.readPiped(Array(#"{"a": {"b": 1}}"#.utf8), loader: loader).sections.count == 1)
    #expect(try Self.readPiped(Array("# A\n".utf8), loader: loader).sections.map(\.title) == ["A"])
    // A name that says JSON Lines makes even one value a record.
    let records = try Self.readPiped(Array(#"{"a": 1}"#.utf8), name: "x.jsonl", loader: loader)
    #expect(records.sections.map(\.title) == ["[0]"])
    // Much white space first is passed over once, and what follows still decides.
    loader.chunkSize = 4096
    let spaced = Array(repeating: UInt8(ascii: " "), count: 3_000_000) + Array("[1, 2]".utf8)
    #expect(try Self.readPiped(spaced, loader: loader).content.count == 1)
    let blank = Array(repeating: UInt8(ascii: "\n"), count: 100_000) + Array("# B\n".utf8)
    #expect(try Self.readPiped(blank, loader: loader).sections.map(\.title) == ["B"])
  }

  @Test("input over the largest a reader takes stops as the bytes arrive")
  func largestAsBytesArrive() {
    var loader = DocumentLoader()
    loader.largestInput = 10_000
    loader.chunkSize = 1000
    let result = Result { () throws(LoadError) in
      try Self.readPiped(Array(repeating: UInt8(ascii: "a"), count: 100_000), loader: loader)
    }
    #expect(tooLarge(result) == "too large: over 9.7 KiB of Markdown (at most 9.7 KiB)")
    // Each invalid byte is three bytes of text, which the limit counts. (Said to be
    // Markdown, bytes that are not text are read as such.)
    var markdown = loader
    markdown.format = .markdown
    let invalid = Result { () throws(LoadError) in
      try Self.readPiped(Array(repeating: 0xFF, count: 5000), loader: markdown)
    }
    #expect(
      tooLarge(invalid)
        == "too large: over 9.7 KiB of Markdown once its invalid bytes are U+FFFD (at most 9.7 KiB)"
    )
    // Just under the limit is read.
    let under = Result { () throws(LoadError) in
      try Self.readPiped(
        Array("# A\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 9000),
        loader: loader)
    }
    #expect((try? under.get())?.sections.count == 1)
  }

  @Test("a regular file over the largest is refused by its size, before it is read")
  func largestBySize() throws {
    var loader = DocumentLoader()
    loader.largestInput = 10_000
    let result = try readFile(
      Array(repeating: UInt8(ascii: "{"), count: 20_000), name: "a.json",
      loader: loader)
    #expect(tooLarge(result) == "too large: 19.5 KiB of JSON (at most 9.7 KiB)")
    // The formats' own limits are documented figures.
    #expect(InputFormat.markdown.largestInput == 512 << 20)
    #expect(InputFormat.json.largestInput == (4 << 30) - 1)
  }

  @Test("input over what the memory left can hold stops with what limits it")
  func memory() throws {
    var loader = DocumentLoader()
    // Room for 1000 bytes of Markdown, and 4000 of JSON.
    loader.memory = MemoryLimit(
      bytes: InputFormat.memoryBeyondInput + 24_000, source: .addressSpace)
    loader.chunkSize = 100
    let markdown = Result { () throws(LoadError) in
      try Self.readPiped(Array(repeating: UInt8(ascii: "a"), count: 2000), loader: loader)
    }
    #expect(
      tooLarge(markdown)
        == "too large: over 1000 bytes of Markdown to read in the address space ulimit -v "
        + "leaves, 64 MiB (at most 1000 bytes of Markdown in that)")
    loader.memory = MemoryLimit(bytes: InputFormat.memoryBeyondInput + 24_000, source: .machine)
    let json = try readFile(
      Array("[\(String(repeating: "1,", count: 2500))1]".utf8),
      name: "a.json", loader: loader)
    #expect(
      tooLarge(json)?.hasPrefix(
        "too large: 4.8 KiB of JSON to read in the memory available on this machine") == true)
    #expect(try Self.readPiped(Array("[1, 2]".utf8), loader: loader).content.count == 1)
  }

  @Test("YAML, built whole at its end, stops as its outline outgrows the memory left")
  func memoryWhileBuildingYAML() throws {
    var loader = DocumentLoader()
    // Room for 512 KiB of YAML by its size; a section every two bytes takes far more.
    // The process's own memory, as the other readers' tests count it: its address space
    // grows and shrinks by whole arenas as other tests' threads come and go.
    loader.memory = MemoryLimit(
      bytes: InputFormat.memoryBeyondInput + 4 << 20, source: .machine)
    let line = String(repeating: "- ", count: 20) + "x\n"
    let result = try readFile(
      Array(String(repeating: line, count: 10_000).utf8), name: "a.yaml", loader: loader)
    let message = tooLarge(result) ?? ""
    #expect(
      message.wholeMatch(
        of:
          /too large: [0-9.]+ (bytes|KiB|MiB) of YAML to read in the memory available on this machine, 68 MiB \(at most [0-9.]+ (bytes|KiB|MiB) of YAML in that\)/
      ) != nil, "\(message)")
  }

  @Test("the limits the process and the machine set are found")
  func limitsFound() {
    // A test machine has memory and says how much: the figure is positive and plausible.
    let limit = MemoryLimit.tightest()
    #expect(limit != nil)
    #expect((limit?.bytes ?? 0) > 1 << 20)
  }
}

@Suite("document loader: what is not plain text")
struct InputKindTests {
  /// `bytes` compressed by the `gzip` command, as a `.gz` file holds them.
  private func gzipped(_ bytes: [UInt8]) throws -> [UInt8] {
    let folder = FileManager.default.temporaryDirectory
    let plain = folder.appendingPathComponent("gzip-\(UUID().uuidString)")
    try Data(bytes).write(to: plain)
    defer { try? FileManager.default.removeItem(at: plain) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-c", "-n", plain.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let compressed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return Array(compressed)
  }

  /// Reads `bytes` through a pipe, in chunks of `chunkSize`.
  private func read(
    _ bytes: [UInt8], name: String = "stdin", chunkSize: Int = 1 << 18,
    format: InputFormat? = nil
  ) -> Result<Outline, LoadError> {
    var loader = DocumentLoader(format: format)
    loader.chunkSize = chunkSize
    return Result { () throws(LoadError) in
      try DocumentLoaderTests.readPiped(bytes, name: name, loader: loader)
    }
  }

  private func titles(_ result: Result<Outline, LoadError>) -> [String]? {
    guard case .success(let outline) = result else { return nil }
    return outline.sections.map(\.title)
  }

  private func failure(_ result: Result<Outline, LoadError>) -> LoadError? {
    guard case .failure(let error) = result else { return nil }
    return error
  }

  @Test("gzip is inflated as it arrives, a member after another, in chunks of any size")
  func gzip() throws {
    let first = try gzipped(Array("# One\n\ntext\n".utf8))
    let second = try gzipped(Array("# Two\n".utf8))
    for chunkSize in [1, 2, 7, 1 << 18] {
      #expect(titles(read(first + second, chunkSize: chunkSize)) == ["One", "Two"])
    }
    // The name less `.gz` says the format; without one, the inflated bytes do.
    let json = try gzipped(Array(##"{"# One": {"b": 1}}"##.utf8))
    #expect(titles(read(json, name: "data.json.gz")) == ["# One"])
    #expect(titles(read(json, name: "data.gz")) == ["# One"])
    // Said by the name to be Markdown, it is a paragraph.
    #expect(titles(read(json, name: "data.md.gz")) == [])
    let records = try gzipped(Array("{\"a\": 1}\n".utf8))
    #expect(titles(read(records, name: "log.jsonl.gz")) == ["[0]"])
  }

  @Test("gzip cut short, or damaged, is an error that says so")
  func brokenGzip() throws {
    let whole = try gzipped(Array(String(repeating: "# Heading\n\nwords\n", count: 100).utf8))
    #expect(
      failure(read(Array(whole.dropLast(5)), chunkSize: 16))
        == .corruptGzip("gzip data cut short: it ends inside a member"))
    var damaged = whole
    // The last 8 bytes are the check of the data and its size.
    damaged[damaged.count - 7] ^= 0xFF
    #expect(
      failure(read(damaged))
        == .corruptGzip("gzip data that cannot be inflated (zlib: incorrect data check)"))
    #expect(
      failure(read(whole + [0x41, 0x42, 0x43]))
        == .corruptGzip("gzip data that cannot be inflated (zlib: incorrect header check)"))
  }

  @Test("what gzip inflates to is held to the largest input, however little it was")
  func gzipLimit() throws {
    let bomb = try gzipped(Array(repeating: UInt8(ascii: "a"), count: 4 << 20))
    #expect(bomb.count < 64 << 10)
    var loader = DocumentLoader()
    loader.largestInput = 1 << 20
    let result = Result { () throws(LoadError) in
      try DocumentLoaderTests.readPiped(bomb, name: "bomb.md.gz", loader: loader)
    }
    guard case .failure(.tooLarge(let error)) = result else {
      Issue.record("read \(result)")
      return
    }
    #expect(
      error.description == "too large: over 1 MiB of Markdown inflated from gzip (at most 1 MiB)")
  }

  @Test("xz, zstd and bzip2 are told by their first bytes and refused with what reads them")
  func otherCompressions() {
    let starts: [(bytes: [UInt8], program: String)] = [
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04], "xz"),
      ([0x28, 0xB5, 0x2F, 0xFD, 0x24, 0x04], "zstd"),
      (Array("BZh91AY&SY".utf8) + [0x8E, 0x2F], "bzip2"),
      (Array("BZh9".utf8) + [0x17, 0x72, 0x45, 0x38, 0x50, 0x90, 0, 0, 0, 0], "bzip2"),
    ]
    for (bytes, program) in starts {
      for chunkSize in [1, 1 << 18] {
        let error = failure(read(bytes, chunkSize: chunkSize))
        #expect(error == .compressed(program: program))
        #expect(error?.convertingCommands == ["\(program) -dc"])
      }
    }
    // Text that starts as bzip2 does is still text.
    #expect(titles(read(Array("BZh9 is how bzip2 starts\n# A\n".utf8))) == ["A"])
    #expect(titles(read(Array("BZh\n# A\n".utf8), chunkSize: 1)) == ["A"])
  }

  @Test("NUL bytes in the first block, or many bytes that are not UTF-8, are not text")
  func binary() {
    let program = Array("\u{7F}ELF".utf8) + [2, 1, 1, 0] + Array("# not a heading\n".utf8)
    for chunkSize in [1, 3, 1 << 18] {
      #expect(failure(read(program, chunkSize: chunkSize)) == .binary)
    }
    #expect(failure(read(program, name: "x.md")) == .binary)
    #expect(failure(read(program, name: "x.json")) == .binary)
    // Said to be Markdown, it is read as such.
    #expect(titles(read(program, format: .markdown)) == [])
    // Bytes that are all outside UTF-8 with no NUL: a compressed stream, an image.
    let noise = (0..<4096).map { UInt8(0x80 + $0 % 0x80) }
    #expect(failure(read(noise)) == .binary)
    // A NUL past the first block is a byte of text gone wrong, repaired as the rest are.
    let late = Array("# Late\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 40_000) + [0]
    #expect(titles(read(late, chunkSize: 1000)) == ["Late"])
    #expect(failure(read([0xFF, 0xFE] + Array("#\0 \0A\0".utf8))) == .utf16(isInflated: false))
    #expect(failure(read([0xFE, 0xFF] + Array("\0#\0 \0A".utf8))) == .utf16(isInflated: false))
    // UTF-32's little-endian mark begins with UTF-16's.
    #expect(
      failure(read([0xFF, 0xFE, 0, 0] + Array("#\0\0\0".utf8))) == .utf32(isInflated: false))
    #expect(
      failure(read([0, 0, 0xFE, 0xFF] + Array("\0\0\0#".utf8))) == .utf32(isInflated: false))
    #expect(
      LoadError.utf32(isInflated: false).convertingCommands == ["iconv -f UTF-32 -t UTF-8"])
  }

  @Test(
    "a byte order mark of UTF-16 or UTF-32 is refused whatever format is asked for",
    arguments: [InputFormat.markdown, .commonmark, .json, .yaml])
  func byteOrderMarkWithFormat(_ format: InputFormat) {
    let utf16: [UInt8] = [0xFF, 0xFE] + Array("{\0\"\0a\0\"\0:\0 \01\0}\0".utf8)
    let utf32: [UInt8] = [0x00, 0x00, 0xFE, 0xFF] + Array("\0\0\0#\0\0\0 \0\0\0A".utf8)
    // One byte at a time, the marks are told apart only once four have come.
    for chunkSize in [1, 1 << 18] {
      #expect(
        failure(read(utf16, chunkSize: chunkSize, format: format)) == .utf16(isInflated: false))
      #expect(
        failure(read(utf32, chunkSize: chunkSize, format: format)) == .utf32(isInflated: false))
    }
    // Shorter than a mark of UTF-32, and not one.
    #expect(titles(read(Array("1".utf8), chunkSize: 1, format: format)) != nil)
  }

  @Test("UTF-16 or UTF-32 in gzip data is refused with gzip's command before iconv's")
  func byteOrderMarkInflated() throws {
    let utf32 = try gzipped([0xFF, 0xFE, 0, 0] + Array("#\0\0\0".utf8))
    let utf16 = try gzipped([0xFE, 0xFF] + Array("\0#".utf8))
    for format in [nil, InputFormat.markdown] {
      let error = failure(read(utf32, format: format))
      #expect(error == .utf32(isInflated: true))
      #expect(error?.convertingCommands == ["gzip -dc", "iconv -f UTF-32 -t UTF-8"])
      #expect(failure(read(utf16, format: format)) == .utf16(isInflated: true))
    }
  }

  @Test("Latin-1 text, some of its bytes not UTF-8, is text; binary is judged inflated too")
  func latin1() throws {
    // `é`, `à` and `ô` in ISO-8859-1, one byte each: one in seven here, more than in
    // any real text.
    let paragraph =
      "# R\u{E9}sum\u{E9}\n\n"
      + String(repeating: "Le caf\u{E9} est \u{E0} c\u{F4}t\u{E9} de la gare. ", count: 10)
    let latin1 = paragraph.unicodeScalars.map { UInt8($0.value) }
    let share = TextCheck.invalidShare(latin1[...], complete: true)
    #expect(share > 0.1 && share < 0.2)
    #expect(titles(read(latin1)) == ["R\u{FFFD}sum\u{FFFD}"])
    // Short text is not judged by its share: a word or two can be most of it.
    #expect(
      titles(read(Array("# \u{E9}t\u{E9}\n".unicodeScalars.map { UInt8($0.value) }))) == [
        "\u{FFFD}t\u{FFFD}"
      ])
    let program = [0x7F] + Array("ELF".utf8) + [2, 1, 1, 0]
    #expect(failure(read(try gzipped(program), name: "x.md.gz")) == .binary)
  }
}
