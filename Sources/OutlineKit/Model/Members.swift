/// A run of members of structured data whose values are scalars or empty containers, read from the
/// document's store of values as they are asked for.
public struct Members: RandomAccessCollection {
  let store: ValueStore
  let records: Range<Int>
  /// Whether these are a test's members, whose `file` and `line` say where it is written.
  var locatesTest = false

  public var startIndex: Int { records.lowerBound }
  public var endIndex: Int { records.upperBound }

  public subscript(position: Int) -> Member {
    store.member(position)
  }
}
