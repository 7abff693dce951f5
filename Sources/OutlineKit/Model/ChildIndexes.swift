/// The indexes of sibling sections, walked by jumping over each one's subtree.
public struct ChildIndexes: Sequence {
  let outline: Outline
  let range: Range<Int>

  public func makeIterator() -> Iterator {
    Iterator(sections: outline.sections, cursor: range.lowerBound, end: range.upperBound)
  }

  public struct Iterator: IteratorProtocol {
    let sections: [Section]
    var cursor: Int
    let end: Int

    public mutating func next() -> Int? {
      guard cursor < end else { return nil }
      defer { cursor = sections[cursor].end }
      return cursor
    }
  }
}
