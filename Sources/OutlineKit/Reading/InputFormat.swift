/// The kinds of document collapse reads.
public enum InputFormat: String, CaseIterable, Sendable {
  /// GitHub Flavored Markdown: CommonMark with tables, task lists, strikethrough, extended
  /// autolinks and footnotes, as GitHub renders it.
  case markdown
  /// Strict CommonMark, with no extension.
  case commonmark
  case json
  /// YAML 1.1 and 1.2, as libyaml reads it: several documents a stream.
  case yaml

  /// The names `--from` takes: every format's own, and `gfm` for `markdown`.
  public static let names = ["markdown", "gfm", "commonmark", "json", "yaml"]

  /// The format a name of `names` stands for.
  public init?(name: String) {
    if name == "gfm" {
      self = .markdown

    } else {
      self.init(rawValue: name)
    }
  }

  /// The largest document of this format that collapse reads, in bytes.
  ///
  /// For Markdown, 512 MiB: cmark-gfm keeps a document's text and a section's HTML each in
  /// one buffer of at most 1 GiB (and ends the program past that), and HTML can be twice
  /// as long as its source. For JSON, 4 GiB less a byte: the keys and values of one input
  /// are kept in one store that 32-bit offsets address.
  public var largestInput: Int {
    switch self {
    case .markdown, .commonmark: return 512 << 20
    case .json: return (4 << 30) - 1
    // Held whole, as libyaml reads it, with a line start for each line.
    case .yaml: return 512 << 20
    }
  }

  /// The memory reading and writing a document of this format takes, per byte of it, at
  /// most: what `make bench` measures (about 21 for Markdown with GitHub's extensions,
  /// 4 for JSON), with some room.
  var memoryPerByte: Int {
    switch self {
    case .markdown, .commonmark: return 24
    case .json: return 6
    case .yaml: return 8
    }
  }

  /// How many times the memory reading a document has taken so far it takes at its most,
  /// once it is finished and written: a growing array is copied into one twice its size,
  /// and cmark-gfm reads a paragraph's inlines only at the end, which on `make bench`'s
  /// documents takes 2.6 times what reading its blocks did.
  var memoryGrowth: Double {
    switch self {
    case .markdown, .commonmark: return 3.5
    case .json, .yaml: return 2.5
    }
  }

  /// The memory collapse takes whatever it reads, at most: its code, its threads, its
  /// buffers.
  static let memoryBeyondInput = 64 << 20

  /// What a document of this format is called in messages.
  var documentName: String {
    switch self {
    case .markdown, .commonmark: return "Markdown"
    case .json: return "JSON"
    case .yaml: return "YAML"
    }
  }
}
