/// The candidate nearest to `word` in edit distance, the first such in `candidates` on a
/// tie; nil when there are none, or none within `within` edits.
public func nearest(
  to word: String, among candidates: some Sequence<String>, within: Int = Int.max
) -> String? {
  let target = Array(word.unicodeScalars)
  var best: (distance: Int, candidate: String)? = nil
  var row: [Int] = []
  for candidate in candidates {
    let limit = min(best?.distance ?? Int.max, within == Int.max ? Int.max : within + 1)
    let distance = editDistance(target, Array(candidate.unicodeScalars), limit: limit, row: &row)
    if distance < limit { best = (distance, candidate) }
  }
  return best?.candidate
}

/// The number of edits between `a` and `b`: a character inserted, deleted or replaced, or
/// two neighbours swapped, each an edit (the optimal string alignment distance: `gmf` is
/// one edit from `gfm`, as a slip of the fingers is); or `limit` once it is certain to
/// reach it. `row` is room for three rows of the table, kept between calls.
func editDistance(
  _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, row: inout [Int]
) -> Int {
  if abs(a.count - b.count) >= limit { return limit }
  let width = b.count + 1
  row.removeAll(keepingCapacity: true)
  row.append(contentsOf: repeatElement(0, count: 3 * width))
  // Where the rows for two characters of `a` back, the last one, and this one start.
  var (twoBack, last, current) = (0, width, 2 * width)
  for j in 0..<width { row[last + j] = j }
  for (i, left) in a.enumerated() {
    row[current] = i + 1
    var smallest = row[current]
    for (j, right) in b.enumerated() {
      var value = Swift.min(
        row[last + j + 1] + 1, row[current + j] + 1, row[last + j] + (left == right ? 0 : 1))
      if i > 0, j > 0, left == b[j - 1], a[i - 1] == right {
        value = Swift.min(value, row[twoBack + j - 1] + 1)
      }
      row[current + j + 1] = value
      smallest = Swift.min(smallest, value)
    }
    // A swap reaches two rows back, but never below what a replacement gives: a row all
    // at the limit leaves every later one there too.
    if smallest >= limit { return limit }
    (twoBack, last, current) = (last, current, twoBack)
  }
  return Swift.min(row[last + b.count], limit)
}
