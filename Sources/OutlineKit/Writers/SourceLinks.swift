/// Links from a test's location to the repository's files (`--source-url BASE`): line 12
/// of `tests/test_cart.py` is `BASE/tests/test_cart.py#L12`, as GitHub shows a line of a
/// file at a commit (`https://github.com/OWNER/REPO/blob/COMMIT`).
public struct SourceLinks: Equatable, Sendable {
  /// The base as a URL holds it, percent-encoded, without a `/` at its end.
  public let base: String

  /// Nil unless `base` is an http or https URL with a host, read as the page sanitiser
  /// reads a link (`URLCheck`), without white space or control characters in it, a query
  /// or a fragment, which a path after it would not follow.
  public init?(base: String) {
    guard base.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }),
      !base.contains("?"), !base.contains("#")
    else { return nil }
    let check = URLCheck(base)
    guard check.scheme == "http" || check.scheme == "https" else { return nil }
    let rest = base.utf8.dropFirst(check.scheme.utf8.count + 1)
    guard rest.starts(with: "//".utf8),
      let host = rest.dropFirst(2).split(separator: UInt8(ascii: "/")).first,
      rest.dropFirst(2).first != UInt8(ascii: "/"), !host.isEmpty
    else { return nil }
    var trimmed = Substring(base)
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    self.base = SanitizedWriter.percentEncoded(String(trimmed))
  }

  /// The link to `line` of `file` (to the file, without a line), or nil when `file` is
  /// not a path inside the repository: empty, absolute (`/`, `C:`, a scheme), with a `..`
  /// step or a backslash, or with control characters. A leading `./` is dropped; what a
  /// path may not hold in a URL is percent-encoded.
  public func url(file: String, line: Int?) -> String? {
    var path = Substring(file)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    let steps = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"),
      steps.first?.contains(":") == false, !steps.contains(".."),
      path.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F })
    else { return nil }
    var url = base + "/"
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in path.utf8 {
      if SourceLinks.keeps(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    url += String(decoding: bytes, as: UTF8.self)
    if let line, line > 0 { url += "#L\(line)" }
    return url
  }

  /// Whether a path keeps `byte` as it is in a URL: a letter, a digit, `-`, `.`, `_`, `~`
  /// (RFC 3986's unreserved characters) or the `/` between steps.
  private static func keeps(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || "-._~/".utf8.contains(byte)
  }
}

extension Members {
  /// Where the link of a test's location goes, and the position of its `file` member, which
  /// shows it; nil for other members, or when the file is not linked.
  func sourceLink(_ links: SourceLinks?) -> (position: Int, url: String)? {
    guard locatesTest, let links,
      let file = indices.first(where: { self[$0].key == "file" && self[$0].type == .string })
    else { return nil }
    let line = indices.first { self[$0].key == "line" && self[$0].type == .number }
      .flatMap { Int(self[$0].value) }
    return links.url(file: self[file].value, line: line).map { (file, $0) }
  }
}
