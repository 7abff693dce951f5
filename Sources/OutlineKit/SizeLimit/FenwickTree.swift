/// Sums of values over ranges of positions, each update and query in O(log n).
struct FenwickTree {
  private var tree: [Int]

  init(count: Int) {
    tree = Array(repeating: 0, count: count + 1)
  }

  mutating func add(_ value: Int, at position: Int) {
    var index = position + 1
    while index < tree.count {
      tree[index] += value
      index += index & -index
    }
  }

  /// The sum of the values at positions before `end`.
  private func prefix(_ end: Int) -> Int {
    var total = 0
    var index = end
    while index > 0 {
      total += tree[index]
      index -= index & -index
    }
    return total
  }

  func sum(_ range: Range<Int>) -> Int {
    prefix(range.upperBound) - prefix(range.lowerBound)
  }
}
