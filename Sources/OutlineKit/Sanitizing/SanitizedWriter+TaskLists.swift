import CGumbo

// A task list's checkboxes and classes, as cmark-gfm and GitHub write them.

extension SanitizedWriter {
  /// Writes a task list's checkbox, the one kind of `<input>` kept, as cmark-gfm writes it.
  mutating func input(_ node: UnsafeMutablePointer<GumboNode>) {
    let attributes = node.attributes
    guard attributes.contains(where: { $0.name == "type" && $0.value.lowercased() == "checkbox" })
    else {
      note("removed the input element")
      return
    }
    let checked = attributes.contains { $0.name == "checked" }
    // A task's checkbox says what it marks to those who hear the page, as a label would.
    let task =
      SanitizedWriter.isTaskCheckbox(node)
      ? " class=\"task-list-item-checkbox\" aria-label=\"\(checked ? "Done" : "Not done")\"" : ""
    append(
      checked
        ? "<input type=\"checkbox\"\(task) checked=\"\" disabled=\"\" />"
        : "<input type=\"checkbox\"\(task) disabled=\"\" />")
  }

  /// Whether `node` is a task's checkbox, as cmark-gfm writes one: a checkbox that begins
  /// a list item.
  static func isTaskCheckbox(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    guard node.tag == GUMBO_TAG_INPUT,
      node.attributes.contains(where: { $0.name == "type" && $0.value.lowercased() == "checkbox" }),
      let parent = node.pointee.parent,
      parent.tag == GUMBO_TAG_LI
    else { return false }
    return parent.children.first == node
  }

  /// The class GitHub gives element `name` of a task list: `task-list-item` to an item
  /// that begins with a checkbox, `contains-task-list` to a list that holds one; nil for
  /// any other element.
  static func taskListClass(_ name: String, _ node: UnsafeMutablePointer<GumboNode>) -> String? {
    func isTask(_ item: UnsafeMutablePointer<GumboNode>) -> Bool {
      item.tag == GUMBO_TAG_LI
        && item.children.first.map(isTaskCheckbox) == true
    }
    switch name {
    case "li": return isTask(node) ? "task-list-item" : nil
    case "ul", "ol": return node.children.contains(where: isTask) ? "contains-task-list" : nil
    default: return nil
    }
  }
}
