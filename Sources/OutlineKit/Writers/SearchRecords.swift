/// What a lazy page's links and search look through: for the document and each
/// section, in document order, its parent's record, its id, its title and the piece that
/// holds its summary (-1 for the page itself), as JSON,
/// `[[-1,"","Page title",-1],[0,"install","Install",-1],…]`; and apart, so that a link
/// need not read them, the texts of their content, `["text…","…",…]`.
struct SearchRecords {
  private var texts: [ByteBuffer]
  private let outline: Outline
  private let title: String
  /// The piece that holds each section's summary, by index.
  var headPieces: [Int]

  init(outline: Outline, title: String) {
    self.outline = outline
    self.title = title
    texts = Array(repeating: ByteBuffer(), count: outline.sections.count + 1)
    headPieces = Array(repeating: -1, count: outline.sections.count)
  }

  /// Adds the text of `content`, which belongs to the section at `owner` (-1 for the
  /// document).
  mutating func add(_ content: Content, of owner: Int) {
    content.writeSearchText(to: &texts[owner + 1])
  }

  /// The records of the sections as JSON.
  func sections(ids: [String]) -> [UInt8] {
    var json = ByteBuffer()
    json.write("[[-1,\"\",")
    JSONString.write(title, to: &json)
    json.write(",-1]")
    for index in outline.sections.indices {
      json.write(",[\(outline.sections[index].parent.map { $0 + 1 } ?? 0),")
      JSONString.write(ids[index], to: &json)
      json.write(",")
      JSONString.write(outline.sections[index].title, to: &json)
      json.write(",\(headPieces[index])]")
    }
    json.write("]")
    return json.bytes
  }

  /// The texts as JSON, each taken away as it is written.
  mutating func takeTexts() -> [UInt8] {
    var json = ByteBuffer()
    json.write("[")
    for record in texts.indices {
      if record > 0 { json.write(",") }
      texts[record].bytes.withUnsafeBytes { JSONString.write($0, to: &json) }
      texts[record] = ByteBuffer()
    }
    json.write("]")
    return json.bytes
  }
}
