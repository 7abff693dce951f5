import Foundation
import Testing

@testable import OutlineKit

@Suite("document loader")
struct DocumentLoaderTests {
  /// Reads `bytes` through a pipe, as standard input would bring them.
  private func readPiped(
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
    #expect(try readPiped(Array(#"{"a": {"b": 1}}"#.utf8), loader: loader).sections.count == 1)
    #expect(try readPiped(Array("# A\n".utf8), loader: loader).sections.map(\.title) == ["A"])
    // A name that says JSON Lines makes even one value a record.
    let records = try readPiped(Array(#"{"a": 1}"#.utf8), name: "x.jsonl", loader: loader)
    #expect(records.sections.map(\.title) == ["[0]"])
    // Much white space first is passed over once, and what follows still decides.
    loader.chunkSize = 4096
    let spaced = Array(repeating: UInt8(ascii: " "), count: 3_000_000) + Array("[1, 2]".utf8)
    #expect(try readPiped(spaced, loader: loader).content.count == 1)
    let blank = Array(repeating: UInt8(ascii: "\n"), count: 100_000) + Array("# B\n".utf8)
    #expect(try readPiped(blank, loader: loader).sections.map(\.title) == ["B"])
  }

  @Test("input over the largest a reader takes stops as the bytes arrive")
  func largestAsBytesArrive() {
    var loader = DocumentLoader()
    loader.largestInput = 10_000
    loader.chunkSize = 1000
    let result = Result { () throws(LoadError) in
      try readPiped(Array(repeating: UInt8(ascii: "a"), count: 100_000), loader: loader)
    }
    #expect(tooLarge(result) == "too large: over 9.7 KiB of Markdown (at most 9.7 KiB)")
    // Each invalid byte is three bytes of text, which the limit counts.
    let invalid = Result { () throws(LoadError) in
      try readPiped(Array(repeating: 0xFF, count: 5000), loader: loader)
    }
    #expect(
      tooLarge(invalid)
        == "too large: over 9.7 KiB of Markdown once its invalid bytes are U+FFFD (at most 9.7 KiB)"
    )
    // Just under the limit is read.
    let under = Result { () throws(LoadError) in
      try readPiped(
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
      try readPiped(Array(repeating: UInt8(ascii: "a"), count: 2000), loader: loader)
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
    #expect(try readPiped(Array("[1, 2]".utf8), loader: loader).content.count == 1)
  }

  @Test("the limits the process and the machine set are found")
  func limitsFound() {
    // A test machine has memory and says how much: the figure is positive and plausible.
    let limit = MemoryLimit.tightest()
    #expect(limit != nil)
    #expect((limit?.bytes ?? 0) > 1 << 20)
  }
}
