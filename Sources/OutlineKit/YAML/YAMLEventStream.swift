import CYaml
import Dispatch
import Synchronization

/// libyaml's events, parsed on a thread of their own and handed over in batches, so that
/// the outline is built on one core while libyaml parses on the other
/// (`-DPLAIN_YAMLTHREAD` parses each batch when it is taken; bench/tricks.md says what the
/// thread gains).
///
/// An event keeps what the builder reads of it: its kind, its marks, and a scalar's text,
/// copied into its batch, since libyaml frees its own when the event is let go.
final class YAMLEventStream: Sendable {
  /// One event, as the builder needs it.
  struct Event {
    enum Kind: UInt8 {
      case documentStart, documentEnd, mappingStart, sequenceStart, collectionEnd, scalar
      case alias
    }

    let kind: Kind
    /// A collection written in flow style (`[a, b]`, `{a: 1}`), or a document started by
    /// `---`.
    let flag: Bool
    /// Whether an anchor or a tag stands before a scalar (`&k key`, `!!str 1`).
    let hasProperties: Bool
    /// What a scalar's style and tag say of its type.
    let typing: YAMLCoreSchema.Typing
    let startLine: Int
    let startColumn: Int
    let endLine: Int
    let endColumn: Int
    /// A scalar's text: where it stands in its batch's `scalars`.
    let scalar: Range<Int>
    /// The anchor a scalar or collection is given (`&base`), or the one an alias names
    /// (`*base`): where its name stands in `scalars`, empty when there is none.
    let anchor: Range<Int>
  }

  /// Events in order, and the end of the stream or what libyaml found wrong, when one of
  /// them comes after the last.
  struct Batch: Sendable {
    var events: [Event] = []
    var scalars: [UInt8] = []
    var end: End? = nil
  }

  /// How a stream ends.
  enum End {
    case finished
    case failed(Problem)
    /// A flow collection opened at this line and column (from 0) would nest deeper than
    /// `deepestFlowNesting`.
    case nestsTooDeep(line: Int, column: Int)
  }

  /// The most levels flow collections (`[`, `{`) may nest. libyaml's scanner looks at
  /// every level open for each token it reads: tens of thousands of levels take it
  /// minutes, and each level open makes every token inside slower (a million tokens take
  /// 1.7 times as long 64 levels deep, 3.4 times 256 levels deep, 11 times 1,000 levels
  /// deep). It is stopped at the first collection that would open one more, having read
  /// at most a line's worth of the input beyond it.
  static let deepestFlowNesting = 256

  /// What libyaml says is wrong, and where, as its parser holds it.
  typealias Problem = YAMLProblem.Facts

  /// Events a batch holds at most: few enough that the builder starts early, many enough
  /// that handing one over costs nothing beside its parsing.
  static let batchSize = 4096
  /// Batches made and not yet taken, at most, which bounds the memory between the two.
  static let batchesAhead = 32
  /// The bytes of scalars a batch holds before it is handed over, unless one scalar holds
  /// more: so that a document of large block scalars is not copied whole while it waits.
  static let batchBytes = 1 << 20

  private let queue = Locked<(batches: [Batch], cancelled: Bool)>(([], false))
  private let ready = DispatchSemaphore(value: 0)
  private let room = DispatchSemaphore(value: YAMLEventStream.batchesAhead)
  /// Whether the batches are all made before the first is taken, and so cannot wait for
  /// room.
  private let unbounded = Atomic(false)

  #if PLAIN_YAMLTHREAD
    /// libyaml's parser run on the reader's thread, a batch as each is taken; nil when
    /// libyaml could not start, which `produce` reports.
    private let inline: InlineParser?

    /// A parser and a copy of the bytes it reads, which it points into.
    private final class InlineParser: @unchecked Sendable {  // Only the reader's thread uses it.
      private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
      private let bytes: UnsafeMutableBufferPointer<UInt8>
      private var flowDepth = 0

      init?(_ source: [UInt8]) {
        parser.initialize(to: yaml_parser_t())
        guard yaml_parser_initialize(parser) != 0 else {
          parser.deallocate()
          return nil
        }
        // One byte at least, so that a document of no bytes still has somewhere to point.
        bytes = .allocate(capacity: max(source.count, 1))
        _ = bytes.initialize(from: source)
        yaml_parser_set_input_string(parser, UnsafePointer(bytes.baseAddress), source.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
      }

      deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        bytes.deallocate()
      }

      func next() -> Batch {
        let batch = Batch()
        YAMLEventStream.fill(batch, from: &parser.pointee, flowDepth: &flowDepth)
        return batch
      }
    }
  #endif

  /// Starts parsing `bytes`; on a thread of its own when the system has one to give,
  /// else here, all at once, before returning.
  init(parsing bytes: [UInt8]) {
    #if PLAIN_YAMLTHREAD
      inline = InlineParser(bytes)
      if inline != nil { return }
      let started = false
    #else
      let started = runOnOwnThread { [self] in produce(bytes) }
    #endif
    if !started {
      unbounded.store(true, ordering: .relaxed)
      produce(bytes)
    }
  }

  /// The next batch, waiting for it to be parsed.
  func next() -> Batch {
    #if PLAIN_YAMLTHREAD
      if let inline { return inline.next() }
    #endif
    ready.wait()
    let batch = queue.withLock { $0.batches.removeFirst() }
    room.signal()
    return batch
  }

  /// Stops parsing: the events not yet taken are let go, and the parser stops at its next
  /// batch. Returns once the last batch is taken; the parser's thread then only frees it.
  func cancel() {
    #if PLAIN_YAMLTHREAD
      if inline != nil { return }
    #endif
    queue.withLock { $0.cancelled = true }
    while next().end == nil {}
  }

  private func produce(_ bytes: [UInt8]) {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else {
      var batch = Batch()
      batch.end = .failed(Problem(outOfMemory: "not enough memory to start reading YAML"))
      hand(batch)
      return
    }
    defer { yaml_parser_delete(&parser) }
    bytes.withUnsafeBufferPointer { bytes in
      // A document of no bytes still needs somewhere to point.
      withUnsafePointer(to: UInt8(0)) { empty in
        yaml_parser_set_input_string(&parser, bytes.baseAddress ?? empty, bytes.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        var flowDepth = 0
        var lastEvent: (line: Int, column: Int)? = nil
        while true {
          var batch = Batch()
          if queue.withLock({ $0.cancelled }) {
            batch.end = .finished
          } else {
            YAMLEventStream.fill(
              &batch, from: &parser, flowDepth: &flowDepth, lastEvent: &lastEvent)
          }
          hand(batch)
          if batch.end != nil { return }
        }
      }
    }
  }

  private func hand(_ batch: Batch) {
    if !unbounded.load(ordering: .relaxed) { room.wait() }
    queue.withLock { $0.batches.append(batch) }
    ready.signal()
  }

  /// Parses up to a batch's worth of events into `batch`.
  private static func fill(
    _ batch: inout Batch, from parser: inout yaml_parser_t, flowDepth: inout Int,
    lastEvent: inout (line: Int, column: Int)?
  ) {
    var events: [Event] = []
    var scalars: [UInt8] = []
    events.reserveCapacity(batchSize)
    scalars.reserveCapacity(batchSize * 16)
    batch.end = fill(
      &events, &scalars, from: &parser, flowDepth: &flowDepth, lastEvent: &lastEvent)
    batch.events = events
    batch.scalars = scalars
  }

  /// Parses up to a batch's worth of events; how the stream ends when it does.
  /// `flowDepth` counts the flow collections open, across batches; `lastEvent` is where
  /// the last event handed out started, in an earlier batch or this one.
  private static func fill(
    _ events: inout [Event], _ scalars: inout [UInt8], from parser: inout yaml_parser_t,
    flowDepth: inout Int, lastEvent: inout (line: Int, column: Int)?
  ) -> End? {
    var event = yaml_event_t()
    defer {
      if let last = events.last { lastEvent = (last.startLine, last.startColumn) }
    }
    while events.count < batchSize && scalars.count < batchBytes {
      guard yaml_parser_parse(&parser, &event) != 0 else {
        let last = events.last.map { (line: $0.startLine, column: $0.startColumn) } ?? lastEvent
        return .failed(Problem(parser, lastEvent: last))
      }
      defer { yaml_event_delete(&event) }
      let kind: Event.Kind
      var flag = false
      var hasProperties = false
      var typing = YAMLCoreSchema.Typing.plain
      var scalar = 0..<0
      var anchor: UnsafeMutablePointer<yaml_char_t>? = nil
      switch event.type {
      case YAML_DOCUMENT_START_EVENT:
        kind = .documentStart
        flag = event.data.document_start.implicit == 0
      case YAML_DOCUMENT_END_EVENT:
        kind = .documentEnd
      case YAML_MAPPING_START_EVENT:
        kind = .mappingStart
        flag = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
        anchor = event.data.mapping_start.anchor
      case YAML_SEQUENCE_START_EVENT:
        kind = .sequenceStart
        flag = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
        anchor = event.data.sequence_start.anchor
      case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
        kind = .collectionEnd
        // What a flow collection holds is in flow style too: every end inside one ends one.
        if flowDepth > 0 { flowDepth -= 1 }
      case YAML_SCALAR_EVENT:
        kind = .scalar
        let value = event.data.scalar
        hasProperties = value.anchor != nil || value.tag != nil
        anchor = value.anchor
        typing = YAMLCoreSchema.typing(style: value.style, tag: value.tag)
        let start = scalars.count
        if let text = value.value, value.length > 0 {
          scalars.append(contentsOf: UnsafeBufferPointer(start: text, count: Int(value.length)))
        }
        scalar = start..<scalars.count
      case YAML_ALIAS_EVENT:
        kind = .alias
        anchor = event.data.alias.anchor
      case YAML_STREAM_END_EVENT:
        return .finished
      default:
        continue
      }
      if flag && (kind == .mappingStart || kind == .sequenceStart) {
        guard flowDepth < deepestFlowNesting else {
          return .nestsTooDeep(
            line: Int(event.start_mark.line), column: Int(event.start_mark.column))
        }
        flowDepth += 1
      }
      let named = scalars.count
      if let anchor {
        var length = 0
        while anchor[length] != 0 { length += 1 }
        scalars.append(contentsOf: UnsafeBufferPointer(start: anchor, count: length))
      }
      events.append(
        Event(
          kind: kind, flag: flag, hasProperties: hasProperties, typing: typing,
          startLine: Int(event.start_mark.line),
          startColumn: Int(event.start_mark.column), endLine: Int(event.end_mark.line),
          endColumn: Int(event.end_mark.column), scalar: scalar, anchor: named..<scalars.count))
    }
    return nil
  }
}
