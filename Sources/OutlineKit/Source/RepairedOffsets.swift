/// Offsets in a text that `UTF8Repair` made valid, taken back to the input it was made
/// from, where each U+FFFD stood for one to three bytes.
struct RepairedOffsets: Sendable {
  /// Where each replacement ends in the repaired text.
  private var ends: [Int] = []
  /// How many bytes longer the repaired text is than the input, up to each of `ends`.
  private var growth: [Int] = []

  /// Records a run of U+FFFDs from `start` to `end` in the repaired text, `growth` bytes
  /// longer than the bytes it stands for. A run that follows the last straight after
  /// extends its record: no line starts inside a run (`-DPLAIN_RUNS` gives each its own;
  /// bench/tricks.md says what this gains).
  mutating func replaced(growing growth: Int, from start: Int, to end: Int) {
    guard growth > 0 else { return }
    let grown = (self.growth.last ?? 0) + growth
    #if PLAIN_RUNS
      ends.append(end)
      self.growth.append(grown)
    #else
      if ends.last == start {
        ends[ends.count - 1] = end
        self.growth[self.growth.count - 1] = grown
      } else {
        ends.append(end)
        self.growth.append(grown)
      }
    #endif
  }

  /// Moves every replacement by `distance` in the repaired text.
  mutating func shift(by distance: Int) {
    for index in ends.indices { ends[index] += distance }
  }

  /// The offset in the input of `offset` in the repaired text, which is not inside a
  /// replacement.
  func input(_ offset: Int) -> Int {
    // The replacements that end at or before the offset.
    let low = ends.countLeading { $0 <= offset }
    return low == 0 ? offset : offset - growth[low - 1]
  }

  /// The offset in the repaired text of `offset` in the input, which is not inside bytes a
  /// replacement stands for.
  func text(_ offset: Int) -> Int {
    // The replacements that end, in the input, at or before the offset.
    var low = 0
    var high = ends.count
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] - growth[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? offset : offset + growth[low - 1]
  }
}
