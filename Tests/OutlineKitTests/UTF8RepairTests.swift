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
