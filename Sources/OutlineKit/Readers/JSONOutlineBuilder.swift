/// Turns the events of a JSON parser into an outline, without recursion.
///
/// Object members and array elements whose values are non-empty objects or arrays
/// become sections; the others become content lines of their container. A container
/// becomes a section only once it is known to hold something, so an empty `{}` or `[]`
/// stays a content line. The top level is treated as an array of values: a single
/// value is unwrapped at the end, so that its members are the top-level sections.
final class JSONOutlineBuilder {
  /// One open container. The one at the bottom of the stack stands for the top level.
  private struct Frame {
    let isObject: Bool
    /// The key this container sits under in its object, if any.
    let key: String?
    /// The index this container has in its array, if any.
    let index: Int?
    /// Whether its parent is an array whose elements are titled by a member.
    let titledByMember: Bool
    /// The container's section, once it is known to be non-empty.
    var section: Int? = nil
    /// Members or elements so far.
    var count = 0
    /// The key of the member whose value comes next.
    var pendingKey: String? = nil
    /// Scalar members since the last subsection.
    var members: [Member] = []
    /// Subsections so far.
    var subsections = 0
    /// The members that may title this container, by their position in `titleKeys`.
    var titles: [Int: String] = [:]
  }

  private let titleKeys: [String]
  private var stack: [Frame] = [Frame(isObject: false, key: nil, index: nil, titledByMember: false)]
  private var sections: [Section] = []
  private var documentContent: [Content] = []

  init(titleKeys: [String]) {
    self.titleKeys = titleKeys
  }

  /// Open containers, the top level not counted.
  var openContainers: Int { stack.count - 1 }

  /// Whether the innermost open container is an object.
  var innermostIsObject: Bool? { stack.count > 1 ? stack[stack.count - 1].isObject : nil }

  func key(_ key: String) {
    materialize(stack.count - 1)
    stack[stack.count - 1].pendingKey = key
  }

  func scalar(_ value: String, _ type: Member.ValueType) {
    let top = stack.count - 1
    if top > 0 { materialize(top) }
    let frame = stack[top]
    if frame.isObject, type == .string, let key = frame.pendingKey,
      let rank = titleKeys.firstIndex(of: key), frame.titles[rank] == nil
    {
      stack[top].titles[rank] = value
    }
    stack[top].members.append(
      Member(
        key: frame.isObject ? frame.pendingKey : nil, index: frame.isObject ? nil : frame.count,
        value: value, type: type))
    stack[top].count += 1
  }

  func startContainer(isObject: Bool) {
    let top = stack.count - 1
    if top > 0 { materialize(top) }
    let parent = stack[top]
    stack[top].count += 1
    stack.append(
      Frame(
        isObject: isObject, key: parent.isObject ? parent.pendingKey : nil,
        index: parent.isObject ? nil : parent.count, titledByMember: !parent.isObject && top > 0))
  }

  func endContainer() {
    let frame = stack.removeLast()
    guard let index = frame.section else {
      // Nothing was inside: the container is a content line of its parent.
      let top = stack.count - 1
      stack[top].members.append(
        Member(
          key: frame.key, index: frame.index, value: frame.isObject ? "{}" : "[]",
          type: frame.isObject ? .emptyObject : .emptyArray))
      return
    }
    if !frame.members.isEmpty {
      sections[index].content.append(
        Content(position: frame.subsections, body: .members(frame.members)))
    }
    sections[index].kind =
      frame.isObject ? .object(members: frame.count) : .array(elements: frame.count)
    sections[index].end = sections.count
    if frame.titledByMember, let rank = frame.titles.keys.min(), let title = frame.titles[rank] {
      sections[index].title = title
    }
  }

  /// Makes the container at `level` of the stack a section, if it is not one yet.
  private func materialize(_ level: Int) {
    guard level > 0, stack[level].section == nil else { return }
    let parentLevel = level - 1
    flushMembers(parentLevel)
    stack[parentLevel].subsections += 1
    let frame = stack[level]
    let label = frame.key ?? "[\(frame.index ?? 0)]"
    stack[level].section = sections.count
    sections.append(
      Section(
        title: label, key: frame.key ?? frame.index.map(String.init), level: level,
        depth: level - 1, parent: stack[parentLevel].section,
        kind: frame.isObject ? .object(members: 0) : .array(elements: 0)))
  }

  /// Moves a container's pending scalar members into a content run.
  private func flushMembers(_ level: Int) {
    let frame = stack[level]
    guard !frame.members.isEmpty else { return }
    let run = Content(position: frame.subsections, body: .members(frame.members))
    if let section = frame.section {
      sections[section].content.append(run)
    } else {
      documentContent.append(run)
    }
    stack[level].members = []
  }

  /// The outline of everything read; a single top-level value is unwrapped.
  func finish() -> Outline {
    let top = stack[0]
    guard top.count == 1 else {
      flushMembers(0)
      var outline = Outline(sections: takeAll(&sections), content: documentContent)
      outline.kind = .array(elements: top.count)
      return outline
    }
    guard let root = sections.first, top.subsections == 1 else {
      // A lone scalar or empty container.
      let member = top.members[0]
      let lone = Member(key: nil, index: nil, value: member.value, type: member.type)
      return Outline(sections: [], content: [Content(position: 0, body: .members([lone]))])
    }
    var unwrapped: [Section] = []
    unwrapped.reserveCapacity(sections.count - 1)
    for var section in takeAll(&sections).dropFirst() {
      section.depth -= 1
      section.level -= 1
      section.parent = section.parent == 0 ? nil : section.parent.map { $0 - 1 }
      section.end -= 1
      unwrapped.append(section)
    }
    var outline = Outline(sections: consume unwrapped, content: root.content)
    outline.kind = root.kind
    return outline
  }
}
