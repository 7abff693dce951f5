import Testing

@testable import OutlineKit

@Suite("SHA-256")
struct SHA256Tests {
  /// FIPS 180-4's examples and NIST's long message, with the padding's edge cases: a
  /// message that fills a block but for its length (55 bytes), and one that leaves no room
  /// for it (56 bytes), so that the length takes a block of its own.
  @Test(
    "the digest of each example, a part repeated, is the standard's",
    arguments: [
      ("", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "a", 55,
        "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"
      ),
      (
        "a", 56,
        "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"
      ),
      (
        "a", 1_000_000,
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
      ),
    ])
  func examples(part: String, times: Int, digest: String) {
    let message = String(repeating: part, count: times)
    let hex = SHA256.digest(Array(message.utf8)).map {
      ($0 < 16 ? "0" : "") + String($0, radix: 16)
    }
    #expect(hex.joined() == digest)
  }
}
