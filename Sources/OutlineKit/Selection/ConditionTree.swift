/// The JSON values of an outline as one tree, stored flat in pre-order as the outline is,
/// for a condition to walk on a thread of its own: each node's subtree is the range
/// from it to its `end`, and each document's root (`$`) is a node too.
///
/// An object or array that is a section is a node that knows its section; its scalar
/// members and empty containers are nodes after it, then its subsections.
struct ConditionTree: Sendable {
  enum Value: Sendable, Equatable {
    case object
    case array
    case string(String)
    case number(Double)
    case boolean(Bool)
    case null
  }

  /// How a node is reached from its parent.
  enum Label: Sendable, Equatable {
    case none
    case name(String)
    case index(Int)
  }

  private(set) var values: [Value] = []
  private(set) var labels: [Label] = []
  /// The node after each node's subtree.
  private(set) var ends: [Int] = []
  /// The section each node is, or -1.
  private(set) var sections: [Int] = []
  /// The root nodes, in order: a node's document root is the last one not after it.
  private var roots: [Int] = []

  init(_ outline: Outline) {
    let sections = outline.sections
    // The open sections, each with its node and how many children it has so far.
    var open: [(section: Int, node: Int, children: Int)] = []
    if !outline.combinesFiles {
      roots.append(0)
      let lone = sections.isEmpty ? Self.loneValue(outline.content) : nil
      switch outline.kind {
      case .array: append(.array, label: .none, section: -1)
      case .object, .heading, .file: append(lone ?? .object, label: .none, section: -1)
      }
      if lone == nil { appendMembers(outline.content) }
      open.append((-1, 0, 0))
    }
    for index in sections.indices {
      while let last = open.last, last.section >= 0, sections[last.section].end <= index {
        ends[last.node] = values.count
        open.removeLast()
      }
      let label: Label
      if outline.combinesFiles, sections[index].parent == nil {
        roots.append(values.count)
        label = .none
      } else if let last = open.last {
        let inArray: Bool
        if last.section >= 0 {
          if case .array = sections[last.section].kind { inArray = true } else { inArray = false }
        } else {
          if case .array = outline.kind { inArray = true } else { inArray = false }
        }
        let key = sections[index].key
        if inArray {
          label = .index(key.flatMap { Int($0) } ?? last.children)
        } else {
          label = key.map { .name($0) } ?? .index(last.children)
        }
        open[open.count - 1].children += 1
      } else {
        label = .none
      }
      let node = values.count
      switch sections[index].kind {
      case .array: append(.array, label: label, section: index)
      case .object, .heading, .file: append(.object, label: label, section: index)
      }
      let members = appendMembers(sections[index].content)
      open.append((index, node, members))
    }
    for last in open.reversed() { ends[last.node] = values.count }
  }

  private mutating func append(_ value: Value, label: Label, section: Int) {
    values.append(value)
    labels.append(label)
    ends.append(values.count)
    sections.append(section)
  }

  /// Appends the scalar members of `content` as leaves; returns how many.
  @discardableResult
  private mutating func appendMembers(_ content: [Content]) -> Int {
    var count = 0
    for run in content {
      guard case .members(let members) = run.body else { continue }
      for member in members {
        let label: Label
        if let key = member.key {
          label = .name(key)
        } else if let index = member.index {
          label = .index(index)
        } else {
          label = .none
        }
        append(Self.value(of: member), label: label, section: -1)
        count += 1
      }
    }
    return count
  }

  /// The value of a document that is a lone scalar or empty container.
  private static func loneValue(_ content: [Content]) -> Value? {
    guard content.count == 1, case .members(let members) = content[0].body, members.count == 1,
      members[members.startIndex].key == nil, members[members.startIndex].index == nil
    else { return nil }
    return value(of: members[members.startIndex])
  }

  private static func value(of member: Member) -> Value {
    switch member.type {
    case .string: return .string(member.value)
    case .number: return Double(member.value).map { .number($0) } ?? .null
    case .boolean: return .boolean(member.value == "true")
    case .null: return .null
    case .emptyObject: return .object
    case .emptyArray: return .array
    }
  }

  var count: Int { values.count }

  /// The root of the document `node` belongs to.
  func root(of node: Int) -> Int {
    var low = 0
    var high = roots.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if roots[middle] <= node { low = middle } else { high = middle }
    }
    return roots.isEmpty ? node : roots[low]
  }

  /// The children of `node`, in the order stored.
  func children(of node: Int) -> [Int] {
    var children: [Int] = []
    var child = node + 1
    while child < ends[node] {
      children.append(child)
      child = ends[child]
    }
    return children
  }

  /// The elements of the array `node`, in the order of their indexes.
  func elements(of node: Int) -> [Int] {
    children(of: node).sorted { first, second in
      guard case .index(let a) = labels[first], case .index(let b) = labels[second] else {
        return first < second
      }
      return a < b
    }
  }
}
