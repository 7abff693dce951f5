/// A NameMatcher kept across the view's redraws, which are not mutating.
final class NameCache {
  var matcher: NameMatcher
  let paths: SectionPaths
  /// The NAME the status line shows, by section, once worked out.
  var shown: [Int: String] = [:]

  init(outline: Outline) {
    matcher = NameMatcher(outline: outline)
    paths = SectionPaths(outline: outline)
  }

  /// The NAME that names the section at `index` alone.
  func name(of index: Int) -> String {
    if let known = shown[index] { return known }
    let name = paths.lastingName(of: index, matcher: &matcher)
    shown[index] = name
    return name
  }
}
