/// Reads XML with libxml2's streaming reader into an outline whose content is its source
/// lines.
///
/// The reader goes through the document node by node and never builds it as a tree; what
/// the outline shows is the document's own lines, so comments, CDATA, entity references
/// and character references show as written, and an entity is never expanded.
public final class XMLReader: DocumentReader {
  private var input: [UInt8] = []
  private let titleKeys: TitleKeys
  private var memory: MemoryWatch? = nil

  /// A reader that titles an element by the first of `titleKeys` among its attributes.
  public init(titleKeys: TitleKeys = .standard) {
    self.titleKeys = titleKeys
  }

  public func reserveCapacity(_ count: Int) {
    input.reserveCapacity(count)
  }

  public func take(_ chunk: UnsafeRawBufferPointer) throws(LoadError) {
    input.append(contentsOf: chunk)
  }

  public func watchMemory(_ watch: MemoryWatch) {
    memory = watch
  }

  public func end() throws(LoadError) -> Outline {
    try XMLReader.read(input, titleKeys: titleKeys, memory: memory)
  }

  /// Reads a whole document.
  public static func read(_ bytes: [UInt8], titleKeys: TitleKeys = .standard) throws(LoadError)
    -> Outline
  {
    try read(bytes, titleKeys: titleKeys, memory: nil)
  }

  /// How many elements are read between two looks at the memory taken.
  static let elementsBetweenLooks = 1 << 16

  /// Reads a whole document, stopping when building its outline would take more memory
  /// than `memory` saw left, or when elements nest deeper than `mostLevels`.
  static func read(
    _ bytes: [UInt8], titleKeys: TitleKeys, memory: MemoryWatch?,
    mostLevels: Int = XMLOutlineBuilder.deepestNesting
  ) throws(LoadError) -> Outline {
    try XMLLibrary.load()
    let bomLength = SourceMap.byteOrderMarkLength(bytes, final: true) ?? 0
    let textBytes = bomLength > 0 ? Array(bytes.dropFirst(bomLength)) : bytes
    let map = SourceMap(
      markdown: textBytes, leftOutAtStart: bomLength, repairs: RepairedOffsets(),
      frontMatterLines: nil)
    let text = SourceText(bytes: textBytes, map: map)
    let builder = XMLOutlineBuilder(
      text: text, titleKeys: titleKeys.keys, declarationEnd: declarationEnd(text),
      mostLevels: mostLevels)
    let walked: Result<Void, LoadError> = textBytes.withUnsafeBytes { buffer in
      do throws(LoadError) {
        try walk(buffer, into: builder, text: text, memory: memory)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try walked.get()
    var outline = builder.finish()
    outline.sourceBytes = bytes.count
    return outline
  }

  /// Hands each node of `buffer` that libxml2's reader reads to `builder`.
  private static func walk(
    _ buffer: UnsafeRawBufferPointer, into builder: XMLOutlineBuilder, text: SourceText,
    memory: MemoryWatch?
  ) throws(LoadError) {
    guard let reader = XMLTextReader(buffer) else {
      throw .syntax(XMLProblem(code: XMLProblem.documentEmpty, line: 1, column: 1).error())
    }
    var elements = 0
    while try next(reader, builder) {
      switch reader.kind {
      case .elementStart:
        // An empty element is never a section: its title is not made.
        let title = reader.isEmptyElement ? nil : reader.bestAttribute(builder.titleNames)
        try syntax { () throws(ReadError) in
          try builder.elementStarted(
            tag: reader.name, titleValue: title, hasAttributes: reader.hasAttributes,
            isEmpty: reader.isEmptyElement, libraryLine: reader.line)
        }
        elements += 1
        if let memory, elements % elementsBetweenLooks == 0 {
          try memory.check(builder.bytesRead, .xml, whole: text.bytes.count)
        }
      case .elementEnd:
        builder.elementEnded()
      case .text, .entityReference:
        builder.characters()
      case .comment:
        builder.comment(libraryLine: reader.line)
      case .processingInstruction:
        builder.processingInstruction(libraryLine: reader.line)
      case .cdata:
        builder.cdata()
      case .documentType:
        builder.documentType()
      case .other:
        break
      }
    }
  }

  /// Moves `reader` to its next node; its problem is thrown as a syntax error.
  private static func next(_ reader: XMLTextReader, _ builder: XMLOutlineBuilder) throws(LoadError)
    -> Bool
  {
    do {
      return try reader.next()
    } catch {
      throw .syntax(error.error(open: builder.openElement))
    }
  }

  /// What `body` returns, its syntax error thrown as a `LoadError`.
  private static func syntax<Value>(_ body: () throws(ReadError) -> Value) throws(LoadError)
    -> Value
  {
    do {
      return try body()
    } catch {
      throw .syntax(error)
    }
  }

  /// Where the XML declaration (`<?xml …?>`) ends, if the text starts with one; its
  /// pseudo-attributes hold no `?>`.
  private static func declarationEnd(_ text: SourceText) -> Int? {
    let bytes = text.bytes
    guard bytes.starts(with: Array("<?xml".utf8)), bytes.count > 5,
      [0x20, 0x09, 0x0A, 0x0D].contains(bytes[5])
    else { return nil }
    var index = 5
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "?") && bytes[index + 1] == UInt8(ascii: ">") {
        return index + 2
      }
      index += 1
    }
    return nil
  }
}
