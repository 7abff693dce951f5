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
  func pathName(of index: Int) -> String {
    NameSyntax.written(path: pathSteps(of: index))
  }

  private func step(for index: Int) -> String {
    let section = sections[index]
    guard let key = section.key else { return section.title }
    let container = section.parent.map { sections[$0].kind } ?? kind
    guard case .array = container, section.title != "[\(key)]" else { return key }
    let siblings = section.parent.map { children(of: $0) } ?? topLevel
    let title = NameMatcher.normalized(section.title)
    let shared = siblings.contains {
      $0 != index && NameMatcher.normalized(sections[$0].title) == title
    }
    return shared ? key : section.title
  }
}
