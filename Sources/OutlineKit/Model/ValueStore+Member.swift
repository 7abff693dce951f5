extension ValueStore {
  /// Stores a member `key: value` of `type`, which is not an array's element.
  func add(key: String, value: String, type: Member.ValueType) {
    var key = key
    var value = value
    let storedKey = key.withUTF8 { store($0) }
    let storedValue = value.withUTF8 { store($0) }
    guard let storedKey, let storedValue else { return }
    append(
      Record(
        keyStart: storedKey.start, keyLength: storedKey.length, valueStart: storedValue.start,
        valueLength: storedValue.length, index: UInt32.max, type: type))
  }
}
