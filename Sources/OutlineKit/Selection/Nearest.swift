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

/// The Levenshtein distance between `a` and `b`, or `limit` once it is certain to reach it.
func editDistance(
  _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, row: inout [Int]
) -> Int {
  if abs(a.count - b.count) >= limit { return limit }
  row.removeAll(keepingCapacity: true)
  row.append(contentsOf: 0...b.count)
  for (i, left) in a.enumerated() {
    var diagonal = row[0]
    row[0] = i + 1
    var smallest = row[0]
    for (j, right) in b.enumerated() {
      let above = row[j + 1]
      row[j + 1] = Swift.min(above + 1, row[j] + 1, diagonal + (left == right ? 0 : 1))
      diagonal = above
      smallest = Swift.min(smallest, row[j + 1])
    }
    if smallest >= limit { return limit }
  }
  return Swift.min(row[b.count], limit)
}
