import Testing

@testable import OutlineKit

/// A stream that fails once `room` bytes have been written, like a disk that fills up,
/// and counts what it is given after that.
private struct FillingStream: ByteOutputStream {
  struct Full: Error, Equatable {}

  var room: Int
  var written = 0
  var offeredAfterFailing = 0

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
  }

  mutating func write(bytes: UnsafeRawBufferPointer) {
    if written + bytes.count > room {
      offeredAfterFailing += written >= room ? bytes.count : 0
      written = room
      return
    }
    written += bytes.count
  }

  func checkFailure() throws(Full) {
    if written >= room { throw Full() }
  }
}

@Suite("A failed write stops the writers")
struct WriteFailureTests {
  /// 400 sections of a few lines each: far more output than the stream takes.
  static var document: Outline {
    markdown(
      (1...400).map { "# Section \($0)\n\nA paragraph of text in section \($0).\n" }.joined())
  }

  static let formats = ["text", "html", "page", "markdown", "json"]

  /// Writes the document in `format` to `stream`.
  private static func write(
    _ format: String, _ outline: Outline, _ selection: Selection, to stream: inout FillingStream
  ) throws(FillingStream.Full) {
    switch format {
    case "text": try TextWriter().write(outline, selection: selection, to: &stream)
    case "html": try HTMLWriter().write(outline, selection: selection, to: &stream)
    case "page":
      try HTMLPage(fileName: "notes.md").write(outline, selection: selection, to: &stream)
    case "markdown": try MarkdownWriter().write(outline, selection: selection, to: &stream)
    default: try JSONWriter().write(outline, selection: selection, to: &stream)
    }
  }

  @Test("each writer throws the stream's failure and stops within a section of it")
  func stopsAtTheNextSection() throws {
    let outline = WriteFailureTests.document
    let selection = try Selection(outline: outline, request: SelectionRequest(base: .everything))
    for name in WriteFailureTests.formats {
      var whole = FillingStream(room: .max)
      try WriteFailureTests.write(name, outline, selection, to: &whole)
      var stream = FillingStream(room: whole.written / 4)
      #expect(throws: FillingStream.Full(), "\(name)") {
        try WriteFailureTests.write(name, outline, selection, to: &stream)
      }
      // A section of this document takes under 400 bytes in any format; the rest of the
      // output, three quarters of it, is never made.
      #expect(stream.offeredAfterFailing < 400, "\(name): \(stream.offeredAfterFailing)")
    }
  }

  @Test("a stream that fails after the last section still makes the writer throw")
  func failureAtTheEnd() throws {
    let outline = WriteFailureTests.document
    let selection = try Selection(outline: outline, request: SelectionRequest())
    for name in WriteFailureTests.formats {
      var whole = FillingStream(room: .max)
      try WriteFailureTests.write(name, outline, selection, to: &whole)
      var stream = FillingStream(room: whole.written - 1)
      #expect(throws: FillingStream.Full(), "\(name)") {
        try WriteFailureTests.write(name, outline, selection, to: &stream)
      }
    }
  }
}
