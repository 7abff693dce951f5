extension Array {
  /// How many elements lead the array for which `isBefore` holds, found by bisection: the
  /// array is in an order that puts all of them first.
  func countLeading(where isBefore: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
