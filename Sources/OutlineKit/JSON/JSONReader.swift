import CYajl

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads JSON into an outline with yajl, as input arrives.
///
/// Keys keep their order and duplicates are all kept; numbers stay as written; strings
/// are decoded. Several top-level values (JSON Lines) become sections `[0]`, `[1]`, …, as
/// does a lone one when the options say the input is JSON Lines.
/// An array element is titled by the first of `TitleKeys.standard` it has as a
/// string member, else `[i]`.
public final class JSONReader {
  public struct Options: Equatable, Sendable {
    /// The members that title an array element, the first found winning.
    public var titleKeys: TitleKeys
    /// Whether the input is JSON Lines, whose every value is a section `[i]` (or a line
    /// `[i]: value`) even when there is only one; otherwise a lone value is unwrapped.
    public var isJSONLines: Bool

    public init(titleKeys: TitleKeys = .standard, isJSONLines: Bool = false) {
      self.titleKeys = titleKeys
      self.isJSONLines = isJSONLines
    }
  }

  /// The yajl parser, freed when the reader is.
  private var handle: OpaquePointer?
  /// The callbacks, which yajl keeps a pointer to rather than a copy; freed with the reader.
  private let callbacks: UnsafeMutablePointer<yajl_callbacks>
  private let builder: JSONOutlineBuilder
  private var position = SourceMap.Position()
  /// The last byte other than white space before the current chunk.
  private var lastSignificant: UInt8 = 0
  /// The last three bytes before the current chunk, which may begin a UTF-8 sequence.
  private var previousTail: [UInt8] = []
  private var failure: ReadError?
  /// The first bytes, held until it is clear whether they are a byte order mark.
  private var start: [UInt8]? = []
  /// Where in the current chunk the last token that reached a callback ends, if one did.
  private var tokenEnd: Int?
  /// What follows the last token that reached a callback, up to the end of the last chunk.
  private var gap = TokenGap(position: SourceMap.Position(), before: 0)
  // Read in every string's callback, one at a time: exclusivity checks buy nothing
  // (`-DPLAIN_EXCLUSIVITY` keeps them).
  /// The chunk yajl is parsing, during its callbacks.
  #if PLAIN_EXCLUSIVITY
    private var parsing: UnsafeBufferPointer<UInt8>?
  #else
    @exclusivity(unchecked) private var parsing: UnsafeBufferPointer<UInt8>?
  #endif
  /// The source of a string that began in an earlier chunk and goes on in the next, from
  /// its opening quote; empty when the last chunk did not end inside a string.
  #if PLAIN_EXCLUSIVITY
    private var openString: [UInt8] = []
  #else
    @exclusivity(unchecked) private var openString: [UInt8] = []
  #endif
  /// The token the input handed to yajl ends inside, if it does, and the chunks since,
  /// held back until the token ends in them.
  private var openToken: OpenToken?
  private var heldBack: [UInt8] = []
  /// The text handed to yajl, where its lines start and what it leaves out of the input: to
  /// give tokens their offsets in the input and sections their lines.
  private var map = SourceMap()
  /// Where `openString` starts in the input.
  #if PLAIN_EXCLUSIVITY
    private var openStringStart = 0
  #else
    @exclusivity(unchecked) private var openStringStart = 0
  #endif
  /// The source of a number or literal that the last chunk ended inside, from its start.
  private var openTokenHead: [UInt8] = []
  /// The last token that reached a callback, which tells what yajl's parser takes next.
  #if PLAIN_EXCLUSIVITY
    private var lastToken = JSONParserState.Token.none
  #else
    @exclusivity(unchecked) private var lastToken = JSONParserState.Token.none
  #endif

  public convenience init(options: Options = Options()) {
    self.init(options: options, mostLevels: JSONOutlineBuilder.deepestNesting)
  }

  /// A reader of at most `mostLevels` levels of nesting.
  init(options: Options, mostLevels: Int) {
    builder = JSONOutlineBuilder(
      titleKeys: options.titleKeys.keys, unwrapsLoneValue: !options.isJSONLines,
      mostLevels: mostLevels)
    callbacks = .allocate(capacity: 1)
    callbacks.initialize(to: JSONReader.callbackTable)
    handle = yajl_alloc(callbacks, nil, Unmanaged.passUnretained(self).toOpaque())
    cyajl_allow_multiple_values(handle)
  }

  deinit {
    yajl_free(handle)
    callbacks.deallocate()
  }

  /// Reads a whole document.
  public static func read(_ bytes: [UInt8], options: Options = Options()) throws(ReadError)
    -> Outline
  {
    let reader = JSONReader(options: options)
    try bytes.withBytes { (buffer) throws(ReadError) in try reader.feed(buffer) }
    return try reader.finish()
  }

  /// Makes room for a document of about `count` bytes: its keys and values take no more.
  public func reserveCapacity(_ count: Int) {
    builder.reserveCapacity(count)
  }

  /// Takes the next chunk of the document.
  public func feed(_ chunk: UnsafeRawBufferPointer) throws(ReadError) {
    if let failure { throw failure }
    if var held = start {
      // A byte order mark is allowed before JSON text and skipped.
      held.append(contentsOf: chunk)
      guard let length = SourceMap.byteOrderMarkLength(held, final: false) else {
        start = held
        return
      }
      start = nil
      if length > 0 {
        map.leaveOutByteOrderMark()
        handed = map.inputOffset(0)
      }
      let text = length > 0 ? Array(held.dropFirst(length)) : held
      try text.withBytes { (bytes) throws(ReadError) in try parse(bytes) }
      return
    }
    try parse(chunk)
  }

  private func parse(_ chunk: UnsafeRawBufferPointer) throws(ReadError) {
    guard var token = openToken else {
      try parseChunk(chunk)
      return
    }
    let start = heldBack.count
    heldBack.append(contentsOf: chunk)
    let ends = heldBack.withUnsafeBufferPointer { token.ends(in: $0, from: start) }
    openToken = token
    guard ends else { return }
    try releaseHeldBack()
  }

  /// Hands yajl the chunks held back, at once.
  private func releaseHeldBack() throws(ReadError) {
    openToken = nil
    let held = takeAll(&heldBack)
    try held.withBytes { (bytes) throws(ReadError) in try parseChunk(bytes) }
  }

  private func parseChunk(_ chunk: UnsafeRawBufferPointer) throws(ReadError) {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
    let bytes = UnsafeBufferPointer(
      start: base.assumingMemoryBound(to: UInt8.self), count: chunk.count)
    // yajl lets some ill-formed UTF-8 through, so it is looked for here first. A lead byte
    // that ended the chunk before, which yajl took without an error, stands in a string at
    // the start of a character: anywhere else yajl stops on it.
    if let lead = previousTail.last, IllFormedUTF8.starts(lead, followedBy: bytes[0]) {
      throw invalidUTF8(at: position.movedBack())
    }
    guard let bad = IllFormedUTF8.firstStart(in: bytes) else {
      try parseWithYajl(bytes)
      return
    }
    // yajl takes the bytes before the sequence and its lead byte, and stops on the first
    // error in them, which comes first; when it finds none, the lead byte stands in a
    // string at the start of a character, just before where yajl's count now stands.
    try parseWithYajl(UnsafeBufferPointer(rebasing: bytes[...bad]))
    throw invalidUTF8(at: position.movedBack())
  }

  /// Hands yajl the next bytes of the document, and keeps what later errors need.
  private func parseWithYajl(_ bytes: UnsafeBufferPointer<UInt8>) throws(ReadError) {
    tokenEnd = nil
    parsing = bytes
    defer { parsing = nil }
    let status = yajl_parse(handle, bytes.baseAddress, bytes.count)
    if let offset = builder.tooDeepAt {
      var at = position
      at.advance(over: bytes[..<min(bytes.count, max(0, offset - handed))])
      let error = ReadError(
        line: at.line, column: at.column, message: builder.tooDeepMessage)
      failure = error
      throw error
    }
    if status != yajl_status_ok {
      let error = error(in: bytes)
      failure = error
      throw error
    }
    if builder.overflowed { throw tooLarge() }
    let continuesToken = tokenEnd == nil && self.gap.token != nil
    let (gap, start, at) = gapAfterLastToken(in: bytes, upTo: bytes.count)
    self.gap = gap
    position = at
    position.advance(over: bytes[start...])
    if let last = bytes.last(where: { !isSpaceOrLineEnd($0) }) { lastSignificant = last }
    keepOpenString(bytes)
    previousTail = Array((previousTail + bytes.suffix(3)).suffix(3))
    if let first = gap.token?.byte {
      openToken = OpenToken(startingWith: first, tail: openString)
      // A string's source is kept already; what else is left open is short.
      if first == UInt8(ascii: "\"") {
        openTokenHead = []
      } else if continuesToken {
        openTokenHead.append(contentsOf: bytes)
      } else {
        openTokenHead = Array(bytes[gap.tokenIndex...])
      }
    } else {
      openTokenHead = []
    }
    map.appendLines(of: bytes)
    handed = map.inputOffset(map.textLength)
  }

  /// Where the bytes yajl is given next start in the input, as the map says after each
  /// chunk: the callbacks read it for every container and key.
  private var handed = 0

  /// Where in the input the last token that reached a callback ends.
  private var tokenOffset: Int { handed + (tokenEnd ?? 0) }

  /// Where in the input the string that ends at `end` in the chunk starts: its opening
  /// quote, the first after the token before it (white space and a ',' or '{' come
  /// between), or where `openString` starts when it began in an earlier chunk.
  private func startOfString(endingAt end: Int) -> Int {
    if tokenEnd == nil && !openString.isEmpty { return openStringStart }
    let from = tokenEnd ?? 0
    guard let chunk = parsing, let base = chunk.baseAddress, from < end, end <= chunk.count,
      let quote = memchr(base + from, 0x22, end - from)
    else { return handed + from }
    return handed + base.distance(to: quote.assumingMemoryBound(to: UInt8.self))
  }

  /// Keeps the start of a string that the chunk just parsed ends inside, if it does.
  private func keepOpenString(_ bytes: UnsafeBufferPointer<UInt8>) {
    if tokenEnd == nil && !openString.isEmpty {
      // No token ended in the chunk: the string goes on through all of it.
      openString.append(contentsOf: bytes)
      return
    }
    defer { openStringStart = handed + bytes.count - openString.count }
    // After the last token come white space, a ',' or ':', and the start of the next
    // token, which only a string starts with '"'.
    let tail = UnsafeBufferPointer(rebasing: bytes[(tokenEnd ?? 0)...])
    guard let base = tail.baseAddress, !tail.isEmpty, let quote = memchr(base, 0x22, tail.count)
    else {
      openString = []
      return
    }
    let start = base.distance(to: quote.assumingMemoryBound(to: UInt8.self))
    openString = Array(tail[start...])
  }

  /// The string yajl decoded as `decoded`, decoded again from its source when that holds a
  /// `\u` escape of a surrogate (which yajl gets wrong when it is unpaired); nil when
  /// yajl's decoding stands. `previousEnd` is where the token before it ended in the
  /// chunk, if it did, and `end` where the string's closing quote ends.
  private func redecodedString(_ decoded: UnsafeBufferPointer<UInt8>, previousEnd: Int?, end: Int)
    -> [UInt8]?
  {
    guard let chunk = parsing, end >= 1, end <= chunk.count, chunk[end - 1] == 0x22 else {
      return nil
    }
    let began = previousEnd == nil && !openString.isEmpty
    let start: Int
    if began {
      start = 0
    } else {
      let from = previousEnd ?? 0
      guard let base = chunk.baseAddress, from < end,
        let quote = memchr(base + from, 0x22, end - 1 - from)
      else { return nil }
      start = base.distance(to: quote.assumingMemoryBound(to: UInt8.self)) + 1
    }
    // Every escape is shorter than its source: a source as long as the text has none.
    let length = (began ? openString.count - 1 : 0) + end - 1 - start
    guard length != decoded.count else { return nil }
    let inChunk = UnsafeBufferPointer(rebasing: chunk[start..<end - 1])
    guard began else {
      guard JSONStringSource.hasSurrogateEscape(inChunk) else { return nil }
      return JSONStringSource.decoded(inChunk)
    }
    let source = openString.dropFirst() + inChunk
    return source.withUnsafeBufferPointer { source in
      JSONStringSource.hasSurrogateEscape(source) ? JSONStringSource.decoded(source) : nil
    }
  }

  /// Ends the document and returns its outline.
  public func finish() throws(ReadError) -> Outline {
    if let failure { throw failure }
    if let held = start, !held.isEmpty {
      start = nil
      try held.withBytes { (bytes) throws(ReadError) in try parse(bytes) }
    }
    if openToken != nil { try releaseHeldBack() }
    // Input of nothing but white space holds no values, like an empty JSON Lines file.
    if yajl_complete_parse(handle) != yajl_status_ok && lastSignificant != 0 {
      let error = endOfInputError()
      failure = error
      throw error
    }
    if builder.overflowed { throw tooLarge() }
    return builder.finish(map: map)
  }

  private func invalidUTF8(at place: SourceMap.Position) -> ReadError {
    let error = ReadError(
      line: place.line, column: place.column, message: JSONErrorWording.invalidUTF8)
    failure = error
    return error
  }

  private func tooLarge() -> ReadError {
    let error = ReadError(
      line: position.line, column: position.column,
      message: "too large: the keys and values of one JSON input may take up to 4 GiB")
    failure = error
    return error
  }

  /// The error yajl found in `bytes`, placed and worded for a person.
  private func error(in bytes: UnsafeBufferPointer<UInt8>) -> ReadError {
    let problem = self.problem(in: bytes)
    let consumed = min(yajl_get_bytes_consumed(handle), bytes.count)
    let place: SourceMap.Position
    let offending: UInt8?
    let before: UInt8
    if problem.isLexical {
      // yajl stops on the bad character of most lexical errors, and just after it for a
      // bad character outside strings or bad UTF-8.
      let offset = min(
        problem.consumesBadByte ? max(0, consumed - 1) : consumed, max(0, bytes.count - 1))
      var at = position
      at.advance(over: bytes[..<offset])
      place =
        problem == .invalidUTF8 ? startOfSequence(endingAt: offset, in: bytes, at: at) : at
      offending = offset < bytes.count ? bytes[offset] : nil
      before = bytes[..<offset].last(where: { !isSpaceOrLineEnd($0) }) ?? lastSignificant
    } else {
      // A parse error comes once yajl has read the token it did not expect, which may have
      // begun in an earlier chunk: it is the first token after the last one that reached a
      // callback, or the one after the ',' or ':' that follows that one. yajl's count
      // stands after that token, except after a member's value, where it is put back to
      // the token's start (or to 0 when the token began in an earlier chunk).
      let end = problem == .afterMember ? min(consumed + 1, bytes.count) : consumed
      let gap = gapAfterLastToken(in: bytes, upTo: end).gap
      if let token = gap.token ?? gap.separator {
        place = token.position
        offending = token.byte
        before = gap.token != nil ? gap.separator?.byte ?? gap.before : gap.before
      } else {
        place = gap.position
        offending = nil
        before = gap.before
      }
    }
    let text = JSONErrorWording.describe(problem, offending: offending, before: before)
    return ReadError(line: place.line, column: place.column, message: text)
  }

  /// What yajl stopped on in `bytes`: the first token after the last one that reached a
  /// callback, past a `,` or `:` the parser takes there, lexed as yajl lexes it; a token
  /// that is well-formed is one the parser's state does not take.
  private func problem(in bytes: UnsafeBufferPointer<UInt8>) -> JSONProblem {
    var state = JSONParserState(after: lastToken, innermostIsObject: builder.innermostIsObject)
    var separated = false
    // What yajl read after that token, from where the gap after it starts.
    let rest: [UInt8]
    if let tokenEnd {
      rest = Array(bytes[tokenEnd...])
    } else {
      // The gap began in an earlier chunk, which may have held its separator and the start
      // of the next token, whose part there is kept.
      if let separator = gap.separator {
        guard let next = state.taking(separator.byte) else { return state.problem }
        state = next
        separated = true
      }
      if let token = gap.token {
        rest = (token.byte == UInt8(ascii: "\"") ? openString : openTokenHead) + bytes
      } else {
        rest = Array(bytes)
      }
    }
    // yajl takes a vertical tab and a form feed for white space too.
    let isSpace = { (byte: UInt8) in byte == 0x0B || byte == 0x0C || isSpaceOrLineEnd(byte) }
    var token = rest.drop(while: isSpace)
    if !separated, let first = token.first, first == UInt8(ascii: ",") || first == UInt8(ascii: ":")
    {
      guard let next = state.taking(first) else { return state.problem }
      state = next
      token = token.dropFirst().drop(while: isSpace)
    }
    return JSONProblem.lexical(token) ?? state.problem
  }

  /// Where the ill-formed UTF-8 sequence that yajl gave up on at `offset` starts, given the
  /// position of `offset`: yajl reads the lead byte and its continuation bytes and stops
  /// on the first byte that does not fit, so the sequence starts at that lead byte, which
  /// may end the chunk before, unless the sequence was complete and the byte at `offset`
  /// is the bad one.
  private func startOfSequence(
    endingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>, at position: SourceMap.Position
  ) -> SourceMap.Position {
    // The bytes before `offset`, the end of the chunk before included, nearest first.
    let before = bytes[max(0, offset - 3)..<offset].reversed() + previousTail.reversed()
    for (distance, byte) in before.prefix(3).enumerated() {
      if byte < 0x80 { break }
      if byte < 0xC0 { continue }
      let needed = UTF8Repair.leadLength(byte) - 1
      // One column back: the lead byte starts a character, its continuation bytes do not.
      return distance < needed ? position.movedBack() : position
    }
    return position
  }

  /// What follows the last token that reached a callback, from there (or, when none did
  /// in this chunk, from where the gap so far left off) up to `end` in the current chunk;
  /// also the offset where the gap starts in the chunk, and its position.
  private func gapAfterLastToken(in bytes: UnsafeBufferPointer<UInt8>, upTo end: Int)
    -> (gap: TokenGap, start: Int, position: SourceMap.Position)
  {
    var gap = self.gap
    var start = 0
    var at = position
    if let tokenEnd {
      at.advance(over: bytes[..<tokenEnd])
      // A token that ends where the chunk starts ended the chunk before.
      gap = TokenGap(position: at, before: tokenEnd > 0 ? bytes[tokenEnd - 1] : lastSignificant)
      start = tokenEnd
    }
    gap.position = at
    gap.scan(bytes[start..<max(start, end)])
    return (gap, start, at)
  }

  private func endOfInputError() -> ReadError {
    let expected: String
    switch builder.innermostIsObject {
    case true?: expected = "; expected '}' to close an object"
    case false?: expected = "; expected ']' to close an array"
    case nil: expected = ""
    }
    return ReadError(
      line: position.line, column: position.column, message: "unexpected end of input" + expected)
  }

  /// The callbacks yajl calls; `context` is the reader, which yajl's handle lives within.
  private static let callbackTable = yajl_callbacks(
    yajl_null: { context in
      ("null" as StaticString).withUTF8Buffer { builder(context, .value).scalar($0, .null) }
      return 1
    },
    yajl_boolean: { context, value in
      let text: StaticString = value != 0 ? "true" : "false"
      text.withUTF8Buffer { builder(context, .value).scalar($0, .boolean) }
      return 1
    },
    yajl_integer: nil,
    yajl_double: nil,
    yajl_number: { context, text, length in
      let bytes = UnsafeRawBufferPointer(start: text, count: length)
      builder(context, .value).scalar(bytes.bindMemory(to: UInt8.self), .number)
      return 1
    },
    yajl_string: { context, text, length in
      string(context, UnsafeBufferPointer(start: text, count: length), .value) {
        $0.scalar($1, .string)
      }
      return 1
    },
    yajl_start_map: { context in
      let builder = builder(context, .objectStart)
      return builder.startContainer(isObject: true, at: reader(context).tokenOffset - 1) ? 1 : 0
    },
    yajl_map_key: { context, text, length in
      let reader = reader(context)
      let start = reader.startOfString(endingAt: yajl_get_bytes_consumed(reader.handle))
      string(context, UnsafeBufferPointer(start: text, count: length), .key) {
        $0.key($1, start: start)
      }
      return 1
    },
    yajl_end_map: { context in
      let builder = builder(context, .value)
      builder.endContainer(at: reader(context).tokenOffset)
      return 1
    },
    yajl_start_array: { context in
      let builder = builder(context, .arrayStart)
      return builder.startContainer(isObject: false, at: reader(context).tokenOffset - 1) ? 1 : 0
    },
    yajl_end_array: { context in
      let builder = builder(context, .value)
      builder.endContainer(at: reader(context).tokenOffset)
      return 1
    })

  /// The reader that `context` stands for.
  private static func reader(_ context: UnsafeMutableRawPointer?) -> JSONReader {
    guard let context else {
      preconditionFailure("yajl hands every callback the context the reader gave it, never NULL")
    }
    return Unmanaged<JSONReader>.fromOpaque(context).takeUnretainedValue()
  }

  /// The builder of the reader that `context` stands for, told that `token` was just read.
  private static func builder(
    _ context: UnsafeMutableRawPointer?, _ token: JSONParserState.Token
  ) -> JSONOutlineBuilder {
    let reader = JSONReader.reader(context)
    // During a callback yajl's count of bytes consumed stands just after the token.
    reader.tokenEnd = yajl_get_bytes_consumed(reader.handle)
    reader.lastToken = token
    return reader.builder
  }

  /// Hands the builder of the reader that `context` stands for a string just read as
  /// `token`, as yajl decoded it or, where yajl got a surrogate wrong, decoded again from
  /// its source.
  private static func string(
    _ context: UnsafeMutableRawPointer?, _ decoded: UnsafeBufferPointer<UInt8>,
    _ token: JSONParserState.Token,
    _ body: (JSONOutlineBuilder, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let reader = JSONReader.reader(context)
    reader.lastToken = token
    let previousEnd = reader.tokenEnd
    let end = yajl_get_bytes_consumed(reader.handle)
    reader.tokenEnd = end
    guard let redecoded = reader.redecodedString(decoded, previousEnd: previousEnd, end: end)
    else {
      body(reader.builder, decoded)
      return
    }
    redecoded.withUnsafeBufferPointer { body(reader.builder, $0) }
  }

}

extension JSONReader: DocumentReader {
  /// `feed`, with a syntax error as `LoadError.syntax`.
  public func take(_ chunk: UnsafeRawBufferPointer) throws(LoadError) {
    do { try feed(chunk) } catch { throw .syntax(error) }
  }

  /// `finish`, with a syntax error as `LoadError.syntax`.
  public func end() throws(LoadError) -> Outline {
    do { return try finish() } catch { throw .syntax(error) }
  }
}

extension JSONReader {
  /// yajl's version as it reports itself: `2.1.0`.
  static var libraryVersion: String {
    let number = Int(yajl_version())
    return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
  }
}
