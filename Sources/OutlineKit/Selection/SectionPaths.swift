/// The paths that name an outline's sections (`paths/"/pets/{petId}"/get`), and the
/// titles of each section's subsections, counted the first time they are asked for:
/// naming one element of a large array must not take a look at all of them again.
///
/// Whoever names many sections keeps one; it belongs to the outline it was made for.
final class SectionPaths {
  let outline: Outline
  /// By parent (-1 for the top level), how many subsections have each title, as compared.
  private var counted: [Int: [String: Int]] = [:]

  init(outline: Outline) {
    self.outline = outline
  }

  /// The steps of the path from the top of the outline down to the section at `index`:
  /// each section's JSON key, else its title. An array element titled by one of its
  /// members goes by that title while no sibling shares it, and by its index otherwise:
  /// a title still names the element when others are added before it.
  func steps(of index: Int) -> [String] {
    var steps: [String] = []
    var cursor: Int? = index
    while let current = cursor {
      steps.append(step(for: current))
      cursor = outline.sections[current].parent
    }
    return steps.reversed()
  }

  /// The NAME of the path to the section at `index`, its steps quoted where they hold
  /// what a NAME would read otherwise.
  func name(of index: Int) -> String {
    NameSyntax.written(path: steps(of: index))
  }

  /// The NAME that names the section at `index` alone, as `-i` gives it: its path, the
  /// path with every step quoted when a title reads the same as the bare one, else its id.
  func lastingName(of index: Int, matcher: inout NameMatcher) -> String {
    lastingNames(of: index).first { (try? matcher.sections(matching: $0)) == [index] }
      ?? "#" + outline.ids[index]
  }

  /// The NAMEs that may stand for the section at `index`, best first: its path, the path
  /// with every step quoted (for when a title reads the same as the bare path), its id.
  func lastingNames(of index: Int) -> [String] {
    let steps = steps(of: index)
    return [
      NameSyntax.written(path: steps), NameSyntax.written(path: steps, quotingAll: true),
      "#" + outline.ids[index],
    ]
  }

  /// The one step of the path that is the section at `index`.
  func step(for index: Int) -> String {
    let section = outline.sections[index]
    guard let key = section.key else { return section.title }
    guard outline.isElement(index), section.title != "[\(key)]" else { return key }
    let shared = count(of: section.title, under: section.parent) > 1
    return shared ? key : section.title
  }

  /// How many subsections of `parent` have a title that compares as `title`.
  private func count(of title: String, under parent: Int?) -> Int {
    let key = parent ?? -1
    let wanted = NameMatcher.normalized(title)
    if let counts = counted[key] { return counts[wanted] ?? 0 }
    var counts: [String: Int] = [:]
    let siblings = parent.map { outline.children(of: $0) } ?? outline.topLevel
    for sibling in siblings {
      counts[NameMatcher.normalized(outline.sections[sibling].title), default: 0] += 1
    }
    counted[key] = counts
    return counts[wanted] ?? 0
  }
}

extension Outline {
  /// The NAME of the path to the section at `index`, its steps quoted where they hold
  /// what a NAME would read otherwise (`paths/"/pets/{petId}"/get`).
  public func pathName(of index: Int) -> String {
    SectionPaths(outline: self).name(of: index)
  }

  /// Whether the section at `index` is an element of an array, its key its index.
  func isElement(_ index: Int) -> Bool {
    let container = sections[index].parent.map { sections[$0].kind } ?? kind
    if case .array = container { return true }
    return false
  }
}
