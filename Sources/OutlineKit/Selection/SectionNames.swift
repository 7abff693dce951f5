extension Outline {
  /// For every section, by index, a NAME that selects it and no other: its path when that
  /// names it alone (`paths/"/pets"/get`), else its id (`#get-3`). A path of more than
  /// `SectionNames.deepestPath` steps or `SectionNames.longestPath` bytes is not given.
  public func sectionNames() -> [String] {
    var names = SectionNames(outline: self)
    return names.all()
  }
}

/// Finds, for every section at once, whether its path names it alone, in time that grows
/// with the number of sections rather than with its square: a path is matched from its
/// last step up (`NameMatcher`), so the sections it names are the ones whose parent the
/// path without its last step names, that match the last step.
struct SectionNames {
  /// The most steps a path given as a section's NAME has.
  static let deepestPath = 32
  /// The most bytes a path given as a section's NAME has, so that the paths of deep
  /// sections under long titles do not grow with the square of their depth.
  static let longestPath = 1024
  /// The most sections one step may match anywhere for a path below an ambiguous one to be
  /// checked section by section; past it, such a section goes by its id.
  static let mostCandidates = 64

  private let outline: Outline
  private var matcher: NameMatcher
  /// Whether each section's path names it alone, as found so far.
  private var alone: [Bool]
  /// How many sections each step names anywhere, counted once per step.
  private var counts: [String: Int] = [:]
  /// Each section's step (`SectionPaths.step(for:)`), made once.
  private let steps: [String]

  init(outline: Outline) {
    self.outline = outline
    matcher = NameMatcher(outline: outline)
    alone = Array(repeating: false, count: outline.sections.count)
    let paths = SectionPaths(outline: outline)
    steps = outline.sections.indices.map(paths.step(for:))
  }

  mutating func all() -> [String] {
    let sections = outline.sections
    // Parents come before their subsections, so each group's parent is decided before it.
    decide(group: Array(outline.topLevel), under: nil)
    for index in sections.indices where sections[index].end > index + 1 {
      decide(group: Array(outline.children(of: index)), under: index)
    }
    let ids = outline.ids
    // A path of several steps, or a quoted one, can read as a title or key only when that
    // holds a slash or a quote (an id never does): those titles and keys, as compared.
    let special = { (text: String) in text.utf8.contains { $0 == 0x2F || $0 == 0x22 } }
    var titles: [String: [Int]] = [:]
    var keys: [String: [Int]] = [:]
    for (index, section) in sections.enumerated() {
      if special(section.title) {
        titles[NameMatcher.normalized(section.title), default: []].append(index)
      }
      if let key = section.key, special(key) { keys[key, default: []].append(index) }
    }
    // Whether `name` as it stands is the title or key of a section other than `index`.
    let readsAsOther = { (name: String, index: Int) in
      keys[name]?.contains { $0 != index } == true
        || !titles.isEmpty && titles[NameMatcher.normalized(name)]?.contains { $0 != index } == true
    }
    var written = [String](repeating: "", count: sections.count)
    var names: [String] = []
    names.reserveCapacity(sections.count)
    for index in sections.indices {
      let section = sections[index]
      guard section.depth < SectionNames.deepestPath else {
        names.append("#" + ids[index])
        continue
      }
      // Empty where a path is too long to give, for the subsections as well.
      let step = NameSyntax.written(step: steps[index])
      let parentPath = section.parent.map { written[$0] }
      if parentPath != "",
        (parentPath?.utf8.count ?? 0) + step.utf8.count < SectionNames.longestPath
      {
        written[index] = parentPath.map { $0 + "/" + step } ?? step
      }
      guard alone[index], written[index] != "" else {
        names.append("#" + ids[index])
        continue
      }
      // A NAME that is a title, id or key as it stands names that, not the path: such a
      // path is written with every step quoted, else the id stands for it.
      let path = written[index]
      if path == steps[index] || !readsAsOther(path, index) {
        names.append(path)
      } else if case let quoted = NameSyntax.written(
        path: steps(of: index), quotingAll: true),
        !readsAsOther(quoted, index)
      {
        names.append(quoted)
      } else {
        names.append("#" + ids[index])
      }
    }
    return names
  }

  /// Decides for the sections of `group`, the subsections of `parent` (or the top level),
  /// whether their paths name them alone.
  private mutating func decide(group: [Int], under parent: Int?) {
    guard let parent else {
      // A path of one step names every section that step matches, at any depth.
      for index in group { alone[index] = count(of: steps[index]) == 1 }
      return
    }
    guard outline.sections[parent].depth + 1 < SectionNames.deepestPath else { return }
    guard alone[parent] else {
      for index in group { alone[index] = isAloneBelowAmbiguous(index) }
      return
    }
    // The parent's path names it alone: the path names the siblings that match the last
    // step, this section among them.
    if group.count == 1 {
      alone[group[0]] = true
      return
    }
    var byTitle: [String: [Int]] = [:]
    var byKey: [String: [Int]] = [:]
    for index in group {
      byTitle[matcher.normalizedTitles[index], default: []].append(index)
      if let key = outline.sections[index].key { byKey[key, default: []].append(index) }
      // A Kubernetes object is named by its name too.
      if let name = matcher.normalizedObjectNames[index] {
        byTitle[name, default: []].append(index)
      }
    }
    let sections = outline.sections
    for index in group {
      let step = steps[index]
      // Alone when no other sibling has the step as its title or key; only the first
      // other one is looked for, however many share it.
      let others = { (found: [Int]?) in found?.contains { $0 != index } == true }
      var shared = others(byTitle[NameMatcher.normalized(step)]) || others(byKey[step])
      // An id names one section anywhere, which may be a sibling: `id`, or `#id`.
      let sibling = { (other: Int?) in
        other.map { $0 != index && sections[$0].parent == parent } ?? false
      }
      shared = shared || sibling(matcher.byID[NameMatcher.lowercased(step)])
      if !shared, step.first == "#" { shared = sibling(matcher.byID[String(step.dropFirst())]) }
      alone[index] = !shared
    }
  }

  /// Whether the path of the section at `index`, whose parent's path names more than its
  /// parent, names it alone: matched as `NameMatcher` matches it when few sections match
  /// its last step; when many do, it is taken not to.
  private mutating func isAloneBelowAmbiguous(_ index: Int) -> Bool {
    let path = steps(of: index)
    guard let last = path.last, count(of: last) <= SectionNames.mostCandidates else {
      return false
    }
    return matcher.sectionsMatching(path: path) == [index]
  }

  /// The steps of the path to the section at `index`, from the top.
  private func steps(of index: Int) -> [String] {
    var path: [String] = []
    var cursor: Int? = index
    while let current = cursor {
      path.append(steps[current])
      cursor = outline.sections[current].parent
    }
    return path.reversed()
  }

  /// How many sections `step` matches anywhere, as a NAME of one step.
  private mutating func count(of step: String) -> Int {
    if let known = counts[step] { return known }
    let found = matcher.candidates(for: step).count
    counts[step] = found
    return found
  }
}
