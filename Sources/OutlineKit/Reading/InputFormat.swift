/// A kind of document collapse reads, as its folder defines it (`InputFormatDefinition`);
/// `InputFormat.registered` lists them all.
public struct InputFormat: Hashable, Sendable, CustomStringConvertible {
  /// Its name, the first that `--from` takes for it.
  public let name: String
  /// What its folder says of it.
  public let definition: any InputFormatDefinition

  /// The format its folder defines.
  public init(_ definition: some InputFormatDefinition) {
    precondition(!definition.names.isEmpty, "a format has a name")
    self.name = definition.names[0]
    self.definition = definition
  }

  public static func == (left: InputFormat, right: InputFormat) -> Bool {
    left.name == right.name
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  public var description: String { name }

  /// The largest document of this format that collapse reads, in bytes.
  public var largestInput: Int { definition.largestInput }

  /// The memory reading and writing a document of this format takes, per byte of it, at
  /// most.
  var memoryPerByte: Int { definition.memoryPerByte }

  /// How many times the memory reading a document has taken so far it takes at its most,
  /// once it is finished and written.
  var memoryGrowth: Double { definition.memoryGrowth }

  /// The memory collapse takes whatever it reads, at most: its code, its threads, its
  /// buffers.
  static let memoryBeyondInput = 64 << 20

  /// How many bytes from the first one other than white space a format's sniffer is given
  /// at most: enough to tell.
  public static let sniffWindow = 8192

  /// What a document of this format is called in messages.
  public var documentName: String { definition.documentName }
}
