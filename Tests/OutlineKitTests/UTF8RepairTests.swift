import TestSupport
import Testing

@testable import OutlineKit

@Suite("UTF-8 repair")
struct UTF8RepairTests {
  @Test(
    "ill-formed sequences become U+FFFD as Swift's own decoding makes them",
    arguments: [
      [0x61, 0x80, 0x62],
      [0xC0, 0xAF],
      [0xE0, 0x80, 0x80],
      [0xED, 0xA0, 0x80],
      [0xF4, 0x90, 0x80, 0x80],
      [0xF0, 0x9F, 0x98],
      [0xE2, 0x82, 0x41],
      [0xFF, 0xFE, 0x61],
      [0xF0, 0x9F, 0x98, 0x80, 0xC3, 0xA9],
    ] as [[UInt8]])
  func matchesSwift(_ bytes: [UInt8]) {
    #expect(UTF8Repair.repaired(bytes) == Array(String(decoding: bytes, as: UTF8.self).utf8))
  }

  @Test(
    "every line starts where it started in the input, however the bad bytes ran",
    arguments: [3 as UInt64])
  func offsets(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let pieces: [[UInt8]] = [
      [0x0A], [0x61], [0x00], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3, 0xA9],
      [0xF0, 0x9F, 0x98, 0x80], Array(repeating: 0, count: 20),
    ]
    for _ in 0..<200 {
      let input = (0..<Int(random.next() % 60)).flatMap { _ in
        pieces[Int(random.next() % UInt64(pieces.count))]
      }
      let lineStarts = { (bytes: [UInt8]) in
        bytes.indices.filter { $0 > 0 && bytes[$0 - 1] == 0x0A }
      }
      for size in [max(1, input.count), 1, 2, 5] {
        var repair = UTF8Repair()
        var output: [UInt8] = []
        for start in stride(from: 0, to: input.count, by: size) {
          input[start..<min(start + size, input.count)].withUnsafeBytes {
            repair.repair($0, into: &output)
          }
        }
        repair.finish(into: &output)
        let found = lineStarts(output).map { repair.offsets.input($0) }
        #expect(found == lineStarts(input), "\(input) in chunks of \(size)")
        #expect(repair.offsets.input(output.count) == input.count, "\(input)")
      }
    }
  }

  @Test("NUL becomes U+FFFD")
  func nul() {
    #expect(UTF8Repair.repaired([0x61, 0, 0x62]) == [0x61, 0xEF, 0xBF, 0xBD, 0x62])
  }

  @Test("a sequence split between chunks is kept whole")
  func splitSequences() {
    let text = Array("é😀€a".utf8)
    for cut in 1..<text.count {
      var repair = UTF8Repair()
      var output: [UInt8] = []
      text[..<cut].withUnsafeBytes { repair.repair($0, into: &output) }
      text[cut...].withUnsafeBytes { repair.repair($0, into: &output) }
      repair.finish(into: &output)
      #expect(output == text, "cut at \(cut)")
    }
  }

  @Test("random bytes always come out as valid UTF-8", arguments: [42 as UInt64])
  func randomBytes(seed: UInt64) {
    var generator = SplitMix(seed: seed)
    for _ in 0..<200 {
      let bytes = (0..<Int(generator.next() % 64)).map { _ in
        UInt8(truncatingIfNeeded: generator.next())
      }
      let repaired = UTF8Repair.repaired(bytes)
      #expect(String(validating: repaired, as: UTF8.self) != nil)
      #expect(!repaired.contains(0))
    }
  }
}
