extension Outline {
  /// The steps of the path from the top of the outline down to the section at `index`:
  /// each section's JSON key, else its title. An array element titled by one of its
  /// members goes by that title while no sibling shares it, and by its index otherwise:
  /// a title still names the element when others are added before it.
  func pathSteps(of index: Int) -> [String] {
    var steps: [String] = []
    var cursor: Int? = index
    while let current = cursor {
      steps.append(step(for: current))
      cursor = sections[current].parent
    }
    return steps.reversed()
  }

  /// The NAME of the path to the section at `index`, its steps quoted where they hold
  /// what a NAME would read otherwise (`paths/"/pets/{petId}"/get`).
  public func pathName(of index: Int) -> String {
    NameSyntax.written(path: pathSteps(of: index))
  }

  /// The NAME that names the section at `index` alone, as `-i` gives it: its path, the
  /// path with every step quoted when a title reads the same as the bare one, else its id.
  func lastingName(of index: Int, matcher: inout NameMatcher) -> String {
    lastingNames(of: index).first { (try? matcher.sections(matching: $0)) == [index] }
      ?? "#" + ids[index]
  }

  /// The NAMEs that may stand for the section at `index`, best first: its path, the path
  /// with every step quoted (for when a title reads the same as the bare path), its id.
  func lastingNames(of index: Int) -> [String] {
    let steps = pathSteps(of: index)
    return [
      NameSyntax.written(path: steps), NameSyntax.written(path: steps, quotingAll: true),
      "#" + ids[index],
    ]
  }

  func step(for index: Int) -> String {
    let section = sections[index]
    guard let key = section.key else { return section.title }
    guard isElement(index), section.title != "[\(key)]" else { return key }
    let shared = titleStore.count(of: section.title, under: section.parent, in: self) > 1
    return shared ? key : section.title
  }
}

extension Outline {
  /// Whether the section at `index` is an element of an array, its key its index.
  func isElement(_ index: Int) -> Bool {
    let container = sections[index].parent.map { sections[$0].kind } ?? kind
    if case .array = container { return true }
    return false
  }
}
