/// A NameMatcher kept across the view's redraws, which are not mutating.
final class NameCache {
  var matcher: NameMatcher
  /// The NAME the status line shows, by section, once worked out.
  var shown: [Int: String] = [:]

  init(outline: Outline) {
    matcher = NameMatcher(outline: outline)
  }

  /// The NAME that names the section at `index` of `outline` alone.
  func name(of index: Int, in outline: Outline) -> String {
    if let known = shown[index] { return known }
    let name = outline.lastingName(of: index, matcher: &matcher)
    shown[index] = name
    return name
  }
}
