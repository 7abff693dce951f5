import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file or standard input, read in chunks into a reader for its format.
struct InputFile {
  /// The name given on the command line, as bytes that need not be UTF-8; `-` is
  /// standard input.
  let path: [UInt8]
  /// The format the command line insists on, if any.
  let format: InputFormat?
  /// The members that title elements of structured formats.
  var titleKeys = TitleKeys.standard
  /// Whether the values of structured data are kept for conditions to read.
  var keepsValues = true
  /// Where `-` is read from.
  var standardInput: Int32 = 0
  /// The memory the inputs read before this one will take to be written.
  var memoryKeptForOthers = 0

  private var isStandardInput: Bool { path == Array("-".utf8) }

  /// The name used for the input in messages and as its section title.
  var displayName: String {
    isStandardInput ? "stdin" : String(decoding: path, as: UTF8.self)
  }

  /// The name a page takes from the input when its document has no title of its own:
  /// standard input is named in words, as a reader of the page would.
  var pageName: String {
    isStandardInput ? "standard input" : displayName
  }

  /// The name in messages to a terminal: its control characters made visible.
  private var messageName: String { TerminalText.escaped(displayName) }

  /// Reads the whole input into an outline.
  func read() throws(InputError) -> Outline {
    let descriptor =
      isStandardInput
      ? standardInput
      : open(path.map { CChar(bitPattern: $0) } + [0], O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      // A closed standard input comes as -1, with no errno of its own.
      throw InputError(path: messageName, systemError: isStandardInput ? EBADF : errno)
    }
    defer { if !isStandardInput { close(descriptor) } }
    do {
      var loader = DocumentLoader(format: format, titleKeys: titleKeys)
      loader.keepsValues = keepsValues
      loader.memoryKeptForOthers = memoryKeptForOthers
      return try loader.read(descriptor: descriptor, name: displayName)
    } catch {
      let commands = error.convertingCommands
      guard let first = commands.first else {
        throw InputError(description: error.message(for: messageName))
      }
      // The commands that make of it what collapse reads, as they would be typed.
      let typed =
        isStandardInput
        ? "pipe it through \(commands.joined(separator: " | ")) first"
        : ([first + " " + shellQuoted(displayName, visibly: true)] + commands.dropFirst()
          + ["collapse -"]).joined(separator: " | ")
      throw InputError(description: error.message(for: messageName) + ": " + typed)
    }
  }
}
