import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the local images that a document's HTML shows and gives them back as `data:`
/// URLs, so that a page holds its images itself (`--embed-resources`).
///
/// A relative source is read from the folder of the document that names it. An image
/// that cannot be read, or is no image, keeps its source and is noted in `warnings`,
/// once. Each file is read once, however often the output is measured or written.
public final class ImageEmbedder: Equatable, Sendable {
  /// The folder each document's relative sources are read from, by document.
  private let folders: [ObjectIdentifier: String]
  /// The largest image written into the page, in bytes.
  public let largestImage: Int
  private let found = Mutex<[String: String?]>([:])
  private let problems = Mutex<[String]>([])

  /// Embeds the images of `documents`, each paired with the path of its file (`-` and ""
  /// read from the working folder).
  public init(documents: [(document: MarkdownDocument, path: String)], largestImage: Int = 16 << 20)
  {
    var folders: [ObjectIdentifier: String] = [:]
    for (document, path) in documents {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      let folder = parts.count > 1 ? parts.dropLast().joined(separator: "/") + "/" : ""
      folders[ObjectIdentifier(document)] = path.hasPrefix("/") && folder.isEmpty ? "/" : folder
    }
    self.folders = folders
    self.largestImage = largestImage
  }

  public static func == (left: ImageEmbedder, right: ImageEmbedder) -> Bool { left === right }

  /// What went wrong, one line per image, in the order met: `images/logo.png: no such file`.
  public var warnings: [String] { problems.withLock { $0 } }

  /// The `data:` URL of the image at `source`, a relative URL in `document`; nil when it
  /// cannot be had.
  func dataURL(for source: String, in document: MarkdownDocument) -> String? {
    // A fragment stays, for what reads it: `#gh-dark-mode-only` picks the image's theme.
    if let hash = source.firstIndex(of: "#") {
      return dataURL(for: String(source[..<hash]), in: document).map { $0 + source[hash...] }
    }
    // The path: the URL without its query and fragment, percent-escapes decoded.
    let path = Self.percentDecoded(String(source.prefix { $0 != "?" && $0 != "#" }))
    guard !path.isEmpty else { return nil }
    let folder = folders[ObjectIdentifier(document)] ?? ""
    // A path from the root is, as on GitHub, from the root of the repository the document
    // is in, when it is in one.
    let file = path.hasPrefix("/") ? Self.repositoryRoot(of: folder) + path : folder + path
    if let known = found.withLock({ $0[file] }) { return known }
    let result: String?
    switch read(file) {
    case .success(let bytes):
      if let type = Self.imageType(bytes, name: file) {
        result = "data:\(type);base64,\(Base64.encoded(bytes))"
      } else {
        result = nil
        problems.withLock {
          $0.append("\(file): not an image collapse can embed (PNG, JPEG, GIF, WebP, AVIF or SVG)")
        }
      }
    case .failure(let problem):
      result = nil
      problems.withLock { $0.append("\(file): \(problem.description)") }
    }
    found.withLock { $0[file] = result }
    return result
  }

  /// The folder that holds `.git` among `folder` and those above it, without its last
  /// slash; "" (the file system's root) when there is none.
  static func repositoryRoot(of folder: String) -> String {
    var current =
      folder.isEmpty ? "." : String(folder.hasSuffix("/") ? folder.dropLast() : folder[...])
    if !current.hasPrefix("/"), let working = getcwd(nil, 0) {
      current = String(cString: working) + "/" + current
      free(working)
    }
    var parts = current.split(separator: "/").map(String.init)
    while true {
      let candidate = "/" + parts.joined(separator: "/")
      if access((parts.isEmpty ? "" : candidate) + "/.git", F_OK) == 0 {
        return parts.isEmpty ? "" : candidate
      }
      guard !parts.isEmpty else { return "" }
      parts.removeLast()
    }
  }

  private struct ReadProblem: Error, CustomStringConvertible {
    let description: String
  }

  private func read(_ file: String) -> Result<[UInt8], ReadProblem> {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return .failure(ReadProblem(description: String(cString: strerror(errno)).lowercased()))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(ReadProblem(description: String(cString: strerror(errno)).lowercased()))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > largestImage {
        return .failure(
          ReadProblem(
            description: "larger than \(largestImage >> 20) MiB, left as a link to the file"))
      }
    }
    return .success(bytes)
  }

  /// The media type of an image: by its first bytes, else by the file's extension for
  /// SVG, which is text.
  static func imageType(_ bytes: [UInt8], name: String) -> String? {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count
        && Array(bytes[offset..<(offset + prefix.count)]) == prefix
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
    if starts(Array("ftypavif".utf8), at: 4) { return "image/avif" }
    if name.lowercased().hasSuffix(".svg") { return "image/svg+xml" }
    return nil
  }

  private static func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Base64, as `data:` URLs hold binary data.
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encoded(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        if position <= count {
          output.append(alphabet[Int((group >> (18 - 6 * UInt32(position))) & 0x3F)])
        } else {
          output.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }
}
