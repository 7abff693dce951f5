/// Turns the events of a JSON parser into an outline, without recursion.
///
/// Object members and array elements whose values are non-empty objects or arrays
/// become sections; the others become content lines of their container. A container
/// becomes a section only once it is known to hold something, so an empty `{}` or `[]`
/// stays a content line. The top level is treated as an array of values: a single
/// value is unwrapped at the end, so that its members are the top-level sections (but
/// not in JSON Lines, where each value is a record `[i]`, however many there are).
final class JSONOutlineBuilder {
  /// One open container. The one at the bottom of the stack stands for the top level.
  private struct Frame {
    let isObject: Bool
    /// The key this container sits under in its object, if any, in the store.
    let key: (start: UInt32, length: UInt32)?
    /// The index this container has in its array, if any.
    let index: Int?
    /// Whether its parent is an array whose elements are titled by a member.
    let titledByMember: Bool
    /// The container's section, once it is known to be non-empty.
    var section: Int? = nil
    /// Members or elements so far.
    var count = 0
    /// The key of the member whose value comes next, in the store.
    var pendingKey: (start: UInt32, length: UInt32)? = nil
    /// Where the scalar members since the last subsection start in the store.
    var runStart: Int
    /// Subsections so far.
    var subsections = 0
    /// The members that may title this container, by their position in `titleKeys`.
    var titles: [Int: String] = [:]
    /// The same, found by paths into its objects (`location.file`); a member of its own by
    /// the same name comes first.
    var pathTitles: [Int: String] = [:]
    /// Where the container starts in the input: its key's opening quote, else its bracket.
    let start: Int
    /// Where the key of the member whose value comes next starts in the input.
    var pendingKeyStart = 0
  }

  private let titleKeys: [[UInt8]]
  /// The title keys that are paths into an element's members, `location.file`, each with
  /// its rank among all the title keys, and how many steps the longest has.
  private let titlePaths: [String: Int]
  private let longestTitlePath: Int
  private var hasTitlePaths: Bool { !titlePaths.isEmpty }
  // The builder is only ever used from the parser's callbacks, one at a time, so the
  // run-time exclusivity checks of these hot properties buy nothing (`-DPLAIN_EXCLUSIVITY`
  // keeps them; bench/tricks.md says what this gains).
  #if PLAIN_EXCLUSIVITY
    private var stack: [Frame] = [
      Frame(isObject: false, key: nil, index: nil, titledByMember: false, runStart: 0, start: 0)
    ]
    private var sections: [Section] = []
  #else
    @exclusivity(unchecked) private var stack: [Frame] = [
      Frame(isObject: false, key: nil, index: nil, titledByMember: false, runStart: 0, start: 0)
    ]
    @exclusivity(unchecked) private var sections: [Section] = []
  #endif
  private var documentContent: [Content] = []
  private let values = ValueStore()
  /// Set when the store of values is full; the reader stops and reports it.
  private(set) var overflowed = false
  /// Where the bracket stands that would open one level more than `deepestNesting`; the
  /// reader stops and reports it.
  private(set) var tooDeepAt: Int? = nil

  /// The most levels arrays and objects may nest. Each level is a section, which takes a
  /// few hundred bytes, so that 10 MB of `[` would take gigabytes; no real document comes
  /// near (jq reads 10,000).
  static let deepestNesting = 1_000_000
  /// The most levels this builder reads: `deepestNesting`, unless a test sets fewer.
  private let mostLevels: Int
  /// What reading says of a document that nests deeper.
  var tooDeepMessage: String { ReadError.tooDeepMessage("arrays and objects", levels: mostLevels) }

  /// Whether a single top-level value is unwrapped; not for JSON Lines.
  private let unwrapsLoneValue: Bool

  init(titleKeys: [String], unwrapsLoneValue: Bool = true, mostLevels: Int = deepestNesting) {
    self.mostLevels = mostLevels
    self.titleKeys = titleKeys.map { Array($0.utf8) }
    var paths: [String: Int] = [:]
    for (rank, key) in titleKeys.enumerated() where key.contains(".") && paths[key] == nil {
      paths[key] = rank
    }
    titlePaths = paths
    longestTitlePath = paths.keys.map { $0.split(separator: ".").count }.max() ?? 0
    self.unwrapsLoneValue = unwrapsLoneValue
  }

  /// Makes room for the values of a document of about `count` bytes.
  func reserveCapacity(_ count: Int) {
    values.reserveCapacity(bytes: count)
  }

  /// Open containers, the top level not counted.
  var openContainers: Int { stack.count - 1 }

  /// Whether the innermost open container is an object.
  var innermostIsObject: Bool? { stack.count > 1 ? stack[stack.count - 1].isObject : nil }

  /// A member's key, which starts at `start` in the input.
  func key(_ key: UnsafeBufferPointer<UInt8>, start: Int) {
    materialize(stack.count - 1)
    stack[stack.count - 1].pendingKey = store(key)
    stack[stack.count - 1].pendingKeyStart = start
  }

  func scalar(_ value: UnsafeBufferPointer<UInt8>, _ type: Member.ValueType) {
    let top = stack.count - 1
    if top > 0 { materialize(top) }
    let frame = stack[top]
    guard let stored = store(value) else { return }
    // A blank title would show as nothing: the next title key, or the index, says more.
    if frame.isObject, type == .string, let key = frame.pendingKey, !isBlank(value) {
      if frame.titledByMember {
        if let rank = titleRank(key), frame.titles[rank] == nil {
          stack[top].titles[rank] = values.text(start: stored.start, length: stored.length)
        }
      } else if hasTitlePaths {
        titleByPath(key, value: stored, from: top)
      }
    }
    append(value: stored, type: type, frame: frame)
    stack[top].count += 1
  }

  /// Stores text; a surrogate written as bytes (ED A0–BF …) in the input becomes U+FFFD.
  private func store(_ text: UnsafeBufferPointer<UInt8>) -> (start: UInt32, length: UInt32)? {
    guard let stored = values.store(text) else {
      overflowed = true
      return nil
    }
    if text.contains(0xED) { values.replaceSurrogates(start: stored.start, length: stored.length) }
    return stored
  }

  private func append(value: (start: UInt32, length: UInt32), type: Member.ValueType, frame: Frame)
  {
    let key = frame.isObject ? frame.pendingKey : nil
    values.append(
      ValueStore.Record(
        keyStart: key?.start ?? 0, keyLength: key?.length ?? UInt32.max, valueStart: value.start,
        valueLength: value.length, index: frame.isObject ? UInt32.max : UInt32(frame.count),
        type: type))
  }

  /// A string member deeper in an element, found under the objects above it up to the
  /// element (`location.file`), titles the element when a title key is that path. Only
  /// objects lead there: a path does not go through an array.
  private func titleByPath(
    _ key: (start: UInt32, length: UInt32), value: (start: UInt32, length: UInt32), from top: Int
  ) {
    var steps = [values.text(start: key.start, length: key.length)]
    var level = top
    while level > 0, !stack[level].titledByMember {
      guard let above = stack[level].key, stack[level - 1].isObject else { return }
      steps.insert(values.text(start: above.start, length: above.length), at: 0)
      level -= 1
      // The paths are short: one deeper than the longest asked for finds none.
      if steps.count > longestTitlePath { return }
    }
    guard level > 0, stack[level].isObject else { return }
    let path = steps.joined(separator: ".")
    guard let rank = titlePaths[path], stack[level].pathTitles[rank] == nil else { return }
    stack[level].pathTitles[rank] = values.text(start: value.start, length: value.length)
  }

  /// Where a member's key ranks among the keys that title elements, if it is one.
  private func titleRank(_ key: (start: UInt32, length: UInt32)) -> Int? {
    values.bytes.withUnsafeBufferPointer { bytes in
      let text = bytes[Int(key.start)..<Int(key.start + key.length)]
      return titleKeys.firstIndex { $0.elementsEqual(text) }
    }
  }

  /// An object or array whose bracket stands at `offset` in the input; false when it
  /// nests too deep, and reading is to stop.
  func startContainer(isObject: Bool, at offset: Int) -> Bool {
    guard stack.count <= mostLevels else {
      tooDeepAt = offset
      return false
    }
    let top = stack.count - 1
    if top > 0 { materialize(top) }
    let parent = stack[top]
    stack[top].count += 1
    stack.append(
      Frame(
        isObject: isObject, key: parent.isObject ? parent.pendingKey : nil,
        index: parent.isObject ? nil : parent.count,
        // An array's elements, and values at the top: the records of JSON Lines.
        titledByMember: !parent.isObject,
        runStart: values.count, start: parent.isObject ? parent.pendingKeyStart : offset))
    return true
  }

  /// The end of the innermost container, whose bracket ends at `offset` in the input.
  func endContainer(at offset: Int) {
    let level = stack.count - 1
    let frame = stack[level]
    guard let index = frame.section else {
      // Nothing was inside: the container is a content line of its parent.
      stack.removeLast()
      let empty: StaticString = frame.isObject ? "{}" : "[]"
      guard let text = empty.withUTF8Buffer({ store($0) }) else { return }
      values.append(
        ValueStore.Record(
          keyStart: frame.key?.start ?? 0, keyLength: frame.key?.length ?? UInt32.max,
          valueStart: text.start, valueLength: text.length,
          index: frame.index.map(UInt32.init) ?? UInt32.max,
          type: frame.isObject ? .emptyObject : .emptyArray))
      return
    }
    flushMembers(level)
    stack.removeLast()
    // The parent's next content run starts after everything this section held.
    stack[level - 1].runStart = values.count
    sections[index].kind =
      frame.isObject ? .object(members: frame.count) : .array(elements: frame.count)
    sections[index].end = sections.count
    sections[index].span.bytes = frame.start..<offset
    if frame.titledByMember,
      let rank = (Array(frame.titles.keys) + Array(frame.pathTitles.keys)).min(),
      let title = frame.titles[rank] ?? frame.pathTitles[rank]
    {
      sections[index].title = title
    }
  }

  /// Makes the container at `level` of the stack a section, if it is not one yet.
  private func materialize(_ level: Int) {
    guard level > 0, stack[level].section == nil else { return }
    let parentLevel = level - 1
    flushMembers(parentLevel)
    stack[parentLevel].subsections += 1
    let frame = stack[level]
    let key = frame.key.map { values.text(start: $0.start, length: $0.length) }
    stack[level].section = sections.count
    stack[level].runStart = values.count
    sections.append(
      Section(
        title: key.map(JSONOutlineBuilder.title(forKey:)) ?? "[\(frame.index ?? 0)]",
        key: key ?? frame.index.map(String.init),
        level: level, depth: level - 1, parent: stack[parentLevel].section,
        kind: frame.isObject ? .object(members: 0) : .array(elements: 0)))
  }

  /// The title of a section found under `key`: the key itself, or, when it is empty or
  /// white space and would show as nothing, the key in quotes, as a content line has it.
  private static func title(forKey key: String) -> String {
    var text = key
    return text.withUTF8 { bytes in
      guard isBlank(bytes) else { return key }
      var quoted = ""
      JSONString.write(UnsafeRawBufferPointer(bytes), to: &quoted)
      return quoted
    }
  }

  /// Makes a container's pending scalar members a content run.
  private func flushMembers(_ level: Int) {
    let frame = stack[level]
    guard frame.runStart < values.count else { return }
    let members = Members(store: values, records: frame.runStart..<values.count)
    let run = Content(position: frame.subsections, body: .members(members))
    if let section = frame.section {
      sections[section].content.append(run)
    } else {
      documentContent.append(run)
    }
    stack[level].runStart = values.count
  }

  /// The outline of everything read; a single top-level value is unwrapped, unless it is
  /// the one record of JSON Lines. `map` says where the input's lines start, to give each
  /// section its lines.
  func finish(map: SourceMap) -> Outline {
    placeLines(map)
    var outline = unwrapped()
    outline.sourceLines = map.inputLineCount
    return outline
  }

  /// Gives each section the lines its bytes stand on.
  private func placeLines(_ map: SourceMap) {
    let line = { (offset: Int) in map.line(ofInputOffset: offset) }
    for index in sections.indices {
      let bytes = sections[index].span.bytes
      sections[index].span.lines = line(bytes.lowerBound)..<line(bytes.upperBound - 1) + 1
    }
  }

  private func unwrapped() -> Outline {
    let top = stack[0]
    guard top.count == 1 && unwrapsLoneValue else {
      flushMembers(0)
      var outline = Outline(sections: takeAll(&sections), content: documentContent)
      outline.kind = .array(elements: top.count)
      return outline
    }
    guard let root = sections.first, top.subsections == 1 else {
      // A lone scalar or empty container.
      values.unlabel(0)
      let lone = Members(store: values, records: 0..<1)
      return Outline(sections: [], content: [Content(position: 0, body: .members(lone))])
    }
    var unwrapped: [Section] = []
    unwrapped.reserveCapacity(sections.count - 1)
    for var section in takeAll(&sections).dropFirst() {
      section.depth -= 1
      section.level -= 1
      section.parent = section.parent == 0 ? nil : section.parent.map { $0 - 1 }
      section.end -= 1
      unwrapped.append(section)
    }
    var outline = Outline(sections: consume unwrapped, content: root.content)
    outline.kind = root.kind
    return outline
  }
}
