/// YAML's values as conditions read them, kept in a store of values as the builder meets
/// them: each scalar typed by the core schema, a collection written within a line
/// (`[80, 443]`, `{app: web}`) with its members inside it, and an alias (`*port`) as a
/// copy of what its anchor names when that is a scalar or such a collection.
///
/// A block collection is a section, whose members are kept as they come; an alias of one
/// is kept as nothing, since the outline shows the document as written and never expands
/// an alias.
struct YAMLValues {
  let store = ValueStore()

  /// A mapping's key whose value comes next.
  private enum Key {
    case none
    case named(String)
    /// A key that is a collection (`{[a, b]: 1}`), which no condition can name: its value
    /// is kept unlabelled.
    case unnamed
  }

  /// A collection written within a line, open: its record, whether it is a mapping, how
  /// many members it has so far, the key whose value comes next in a mapping, and the
  /// anchor it is given.
  private struct Open {
    let record: Int
    let isMapping: Bool
    var count = 0
    var key = Key.none
    let anchor: String?
    /// Whether the next member of a mapping is a key.
    var expectsKey: Bool {
      guard isMapping, case .none = key else { return false }
      return true
    }
  }

  private var open: [Open] = []
  /// How deep the events are inside a mapping's key that is itself a collection, or inside
  /// a collection the store had no room for.
  private var keyDepth = 0
  /// The anchored values of the document being read, by anchor: the records they are.
  private var anchors: [String: Range<Int>] = [:]
  /// The records aliases may still copy: a few aliases of aliases of collections would
  /// otherwise copy exponentially many.
  private var copiesLeft: Int

  /// Values for a document of `size` bytes.
  init(documentBytes size: Int) {
    copiesLeft = max(1 << 16, size)
  }

  /// Whether a collection written within a line is being read.
  var isInsideFlow: Bool { !open.isEmpty }

  /// Anchors name values of their own document only.
  mutating func documentStarted() {
    anchors.removeAll(keepingCapacity: true)
    open.removeAll()
    keyDepth = 0
  }

  /// A member of a block collection, or of the stream: `scalar` typed by `typing`, under
  /// `key` in a mapping, else at `index`.
  mutating func keep(
    _ scalar: UnsafeBufferPointer<UInt8>, typing: YAMLCoreSchema.Typing, key: String?,
    index: Int?, anchor: String?
  ) {
    let position = store.count
    let (type, value) = YAMLCoreSchema.resolve(scalar, typing: typing)
    if var value {
      value.withUTF8 { append($0, type: type, key: key, index: index) }
    } else {
      append(scalar, type: type, key: key, index: index)
    }
    name(anchor, position)
  }

  /// An alias as a member of a block collection: a copy of what its anchor names, when
  /// that was kept and the copies allowed are not spent.
  mutating func keepAlias(of anchor: String, key: String?, index: Int?) {
    guard let range = anchors[anchor], range.count <= copiesLeft else { return }
    var key = key
    let storedKey = key?.withUTF8 { store.store($0) }
    guard key == nil || storedKey != nil else { return }
    copiesLeft -= range.count
    store.appendCopy(of: range, key: storedKey, index: index.map(UInt32.init) ?? UInt32.max)
  }

  /// A block collection given an anchor: an alias of it is kept as nothing, whatever the
  /// anchor named before.
  mutating func forget(_ anchor: String?) {
    if let anchor { anchors[anchor] = nil }
  }

  /// A collection written within a line starts: the outermost one as a member of a block
  /// collection (`key`, `index`), one inside as a member of the one around it.
  mutating func flowStarted(isMapping: Bool, key: String?, index: Int?, anchor: String?) {
    if keyDepth > 0 || open.last?.expectsKey == true {
      keyDepth += 1
      return
    }
    var value = isMapping ? "{}" : "[]"
    let label = open.isEmpty ? (key, index) : memberLabel()
    let position = store.count
    value.withUTF8 {
      append($0, type: isMapping ? .object : .array, key: label.0, index: label.1)
    }
    // A record the store had no room for is not one to fill.
    guard store.count > position else {
      keyDepth = 1
      return
    }
    open.append(Open(record: position, isMapping: isMapping, anchor: anchor))
    // An alias inside it of its own anchor copies nothing.
    if let anchor { anchors[anchor] = position..<position }
  }

  /// A collection written within a line ends.
  mutating func flowEnded() {
    if keyDepth > 0 {
      keyDepth -= 1
      // A key that was a collection: its value follows, unlabelled.
      if keyDepth == 0, !open.isEmpty { open[open.count - 1].key = .unnamed }
      return
    }
    guard let ended = open.popLast() else { return }
    store.close(ended.record)
    if let anchor = ended.anchor { anchors[anchor] = ended.record..<store.count }
    if !open.isEmpty { memberEnded() }
  }

  /// A scalar inside a collection written within a line: a key or a value.
  mutating func flowScalar(
    _ scalar: UnsafeBufferPointer<UInt8>, typing: YAMLCoreSchema.Typing, anchor: String?
  ) {
    guard keyDepth == 0, !open.isEmpty else { return }
    if open[open.count - 1].expectsKey {
      open[open.count - 1].key = .named(String(decoding: scalar, as: UTF8.self))
      return
    }
    let label = memberLabel()
    keep(scalar, typing: typing, key: label.0, index: label.1, anchor: anchor)
    memberEnded()
  }

  /// An alias inside a collection written within a line: a key, titled as written, or a
  /// value.
  mutating func flowAlias(of anchor: String) {
    guard keyDepth == 0, !open.isEmpty else { return }
    if open[open.count - 1].expectsKey {
      open[open.count - 1].key = .named("*" + anchor)
      return
    }
    let label = memberLabel()
    keepAlias(of: anchor, key: label.0, index: label.1)
    memberEnded()
  }

  /// The key or index of the next member of the innermost open collection.
  private func memberLabel() -> (String?, Int?) {
    let inner = open[open.count - 1]
    guard inner.isMapping else { return (nil, inner.count) }
    if case .named(let key) = inner.key { return (key, nil) }
    return (nil, nil)
  }

  private mutating func memberEnded() {
    open[open.count - 1].count += 1
    open[open.count - 1].key = .none
  }

  private mutating func name(_ anchor: String?, _ position: Int) {
    guard let anchor else { return }
    anchors[anchor] = store.count > position ? position..<store.count : nil
  }

  /// Stores a value: under `key`, else at `index`, else as a lone value.
  private func append(
    _ value: UnsafeBufferPointer<UInt8>, type: Member.ValueType, key: String?, index: Int?
  ) {
    var key = key
    let storedKey = key?.withUTF8 { store.store($0) }
    guard let stored = store.store(value), key == nil || storedKey != nil else { return }
    store.append(
      ValueStore.Record(
        keyStart: storedKey?.start ?? 0, keyLength: storedKey?.length ?? UInt32.max,
        valueStart: stored.start, valueLength: stored.length,
        index: key == nil ? index.map(UInt32.init) ?? UInt32.max : UInt32.max, type: type))
  }
}
