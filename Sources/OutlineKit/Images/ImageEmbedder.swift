#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the local images that a document's HTML shows and gives them back as `data:`
/// URLs, so that a page holds its images itself (`--embed-resources`).
///
/// A relative source is read from the folder of the document that names it, a path from
/// `/` from the root of its git repository. Only files inside that repository, or inside
/// the document's folder when it is in none, are read: a document cannot pull any other
/// file of the machine into its page. An image that cannot be read, or is no image, keeps
/// its source and is noted in `warnings`. Each file is read once, however often the
/// output is measured or written, and made into one `data:` URL, which every reference
/// to it shares.
///
/// The images written into one output take at most `largestTotal` bytes together, so
/// that a document naming one large image a hundred times does not make a page a
/// hundred times its size: those past it keep their sources. Each reference is judged
/// once, the first time it is rendered, in document order, and keeps that judgement
/// whenever it is rendered again: an output measured to fit `--max-bytes` is written
/// with the images it was measured with.
public final class ImageEmbedder: Equatable {
  /// A place in a document where an image is shown: the cmark node rendered, what it was
  /// rendered for, and the image's place among those of that render.
  struct Reference: Hashable {
    let node: UInt
    let place: HTMLSanitizer.Place
    let ordinal: Int
  }

  /// The folder each document's relative sources are read from, by document.
  private let folders: [ObjectIdentifier: String]
  /// The largest image written into the page, in bytes.
  public let largestImage: Int
  /// The most bytes the `data:` URLs of one output take together.
  public let largestTotal: Int
  private var found: [String: Result<String, ReadProblem>] = [:]
  /// Whether each reference met is embedded, and the bytes of those that are.
  private var placed: (embedded: [Reference: Bool], bytes: Int) = ([:], 0)
  /// The problems met since `beginWriting`, with the files they were met in.
  private var problems: (lines: [String], files: Set<String>) = ([], [])

  /// Embeds the images of `documents`, each known by the key its outline gives it and
  /// paired with the path of its file (`-` and "" read from the working folder).
  init(
    documents: [(document: ObjectIdentifier, path: String)], largestImage: Int,
    largestTotal: Int
  ) {
    var folders: [ObjectIdentifier: String] = [:]
    for (document, path) in documents {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      let folder = parts.count > 1 ? parts.dropLast().joined(separator: "/") + "/" : ""
      folders[document] = path.hasPrefix("/") && folder.isEmpty ? "/" : folder
    }
    self.folders = folders
    self.largestImage = largestImage
    self.largestTotal = largestTotal
  }

  public static func == (left: ImageEmbedder, right: ImageEmbedder) -> Bool { left === right }

  /// What went wrong since `beginWriting`, one line per image, in the order met:
  /// `images/logo.png: no such file or directory`.
  public var warnings: [String] { problems.lines }

  /// Forgets the problems met so far: those of measuring an output that is then cut, for
  /// images it leaves out, are none of the reader's business.
  public func beginWriting() {
    problems = ([], [])
  }

  /// The `data:` URL of the image at `source`, a relative URL in `document` shown at
  /// `reference`; nil when it cannot be had, or would take the output past `largestTotal`.
  func dataURL(for source: String, in document: ObjectIdentifier, at reference: Reference)
    -> String?
  {
    // A fragment stays, for what reads it: `#gh-dark-mode-only` picks the image's theme.
    if let hash = source.firstIndex(of: "#") {
      return dataURL(for: String(source[..<hash]), in: document, at: reference).map {
        $0 + source[hash...]
      }
    }
    // The path: the URL without its query, percent-escapes decoded.
    let path = Self.percentDecoded(String(source.prefix { $0 != "?" }))
    guard !path.isEmpty else { return nil }
    let folder = folders[document] ?? ""
    let root = Self.repositoryRoot(of: folder)
    // A path from the root is, as on GitHub, from the root of the repository.
    let file = path.hasPrefix("/") ? (root ?? "") + path : folder + path
    let confinement = root ?? (folder.isEmpty ? "." : folder)
    let key = confinement + "\u{0}" + file
    let result = found[key] ?? embedded(file, within: confinement)
    found[key] = result
    switch result {
    case .success(let url):
      if fits(url, at: reference) { return url }
      note(
        ReadProblem(
          description:
            "the output's embedded images would take more than \(ByteSize.written(largestTotal))"),
        file: file)
      return nil
    case .failure(let problem):
      note(problem, file: file)
      return nil
    }
  }

  /// Whether `url`, shown at `reference`, is written into the output: as it was the
  /// first time the reference was met, else whether it fits in what is left.
  private func fits(_ url: String, at reference: Reference) -> Bool {
    if let known = placed.embedded[reference] { return known }
    let fits = placed.bytes + url.utf8.count <= largestTotal
    if fits { placed.bytes += url.utf8.count }
    placed.embedded[reference] = fits
    return fits
  }

  /// Notes `problem` with `file`, once for each file.
  private func note(_ problem: ReadProblem, file: String) {
    if problems.files.insert(file).inserted { problems.lines.append("\(file): \(problem)") }
  }

  /// The `data:` URL of `file`, when it is an image inside the folder `confinement`.
  private func embedded(_ file: String, within confinement: String) -> Result<String, ReadProblem> {
    guard !file.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
      return .failure(ReadProblem(description: "a file name with a control character in it"))
    }
    guard let resolved = Self.realPath(file) else {
      return .failure(ReadProblem(description: systemErrorMessage(errno)))
    }
    guard let inside = Self.realPath(confinement),
      resolved.hasPrefix(inside == "/" ? "/" : inside + "/")
    else {
      return .failure(
        ReadProblem(
          description: "outside \(confinement), the folder images are embedded from"))
    }
    return readFile(resolved).flatMap { bytes in
      guard let type = Self.imageType(bytes) else {
        return .failure(
          ReadProblem(
            description: "not an image collapse can embed (PNG, JPEG, GIF, WebP, AVIF or SVG)"))
      }
      return .success("data:\(type);base64,\(Base64.encoded(bytes))")
    }
  }

  /// `path` with every link and `..` resolved; nil, with `errno` set, when it does not
  /// lead to a file.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The folder that holds `.git` among `folder` and those above it; nil when none does.
  static func repositoryRoot(of folder: String) -> String? {
    var current =
      folder.isEmpty ? "." : String(folder.hasSuffix("/") ? folder.dropLast() : folder[...])
    // Resolved first: `../other/` is in the repository `other` is in, not in this one.
    if let resolved = realPath(current) {
      current = resolved
    } else if !current.hasPrefix("/"), let working = getcwd(nil, 0) {
      current = String(cString: working) + "/" + current
      free(working)
    }
    var parts = current.split(separator: "/").map(String.init)
    while true {
      let candidate = "/" + parts.joined(separator: "/")
      if access(candidate + (parts.isEmpty ? ".git" : "/.git"), F_OK) == 0 { return candidate }
      guard !parts.isEmpty else { return nil }
      parts.removeLast()
    }
  }

  struct ReadProblem: Error, CustomStringConvertible {
    let description: String
  }

  /// The bytes of `file`, when it is a regular file no larger than `largestImage`.
  private func readFile(_ file: String) -> Result<[UInt8], ReadProblem> {
    RegularFile.contents(of: file, largest: largestImage).mapError { problem in
      switch problem {
      case .system(let message): return ReadProblem(description: message)
      case .notRegular: return ReadProblem(description: "not a regular file")
      case .tooLarge: return tooLarge
      }
    }
  }

  private var tooLarge: ReadProblem {
    ReadProblem(description: "larger than \(largestImage >> 20) MiB, left as a link to the file")
  }

  /// The media type of an image, by its first bytes: SVG, which is text, by an `<svg`
  /// element near its start, after any XML declaration, comments or document type.
  static func imageType(_ bytes: [UInt8]) -> String? {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count
        && Array(bytes[offset..<(offset + prefix.count)]) == prefix
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
    if starts(Array("ftypavif".utf8), at: 4) { return "image/avif" }
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    let opening = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if opening.hasPrefix("<svg") || (opening.hasPrefix("<?xml") && head.contains("<svg"))
      || (opening.hasPrefix("<!") && head.contains("<svg"))
    {
      return "image/svg+xml"
    }
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
