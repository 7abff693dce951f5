/// The values of an outline's structured data (JSON, YAML) as one tree, stored flat in pre-order as the outline is,
/// for a condition to walk on a thread of its own: each node's subtree is the range
/// from it to its `end`, and each document's root (`$`) is a node too.
///
/// An object or array that is a section is a node that knows its section; its members
/// follow it in the document's order, scalars and empty containers as leaves.
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

  /// An object or array being filled: its node, its content runs not yet placed, and
  /// how many subsections and children it has so far.
  private struct Open {
    let section: Int
    let node: Int
    let runs: [Content]
    var nextRun = 0
    var subsections = 0
    var children = 0
  }

  init(_ outline: Outline) {
    let sections = outline.sections
    var open: [Open] = []
    if !outline.combinesFiles {
      roots.append(0)
      let lone = sections.isEmpty ? Self.loneValue(outline.valueRuns) : nil
      switch outline.kind {
      // A lone value is the root of any document: YAML's stream of one scalar too.
      case .array: append(lone ?? .array, label: .none, section: -1)
      case .object, .heading, .file, .element, .suite, .test, .output:
        append(lone ?? .object, label: .none, section: -1)
      }
      open.append(Open(section: -1, node: 0, runs: lone == nil ? outline.valueRuns : []))
    }
    for index in sections.indices {
      while let last = open.last, last.section >= 0, sections[last.section].end <= index {
        close(&open)
      }
      let label: Label
      if outline.combinesFiles, sections[index].parent == nil {
        roots.append(values.count)
        label = .none
      } else if !open.isEmpty {
        // The members written before this subsection come before it, as in the document.
        placeRuns(of: &open[open.count - 1], before: open[open.count - 1].subsections)
        let last = open[open.count - 1]
        let inArray = values[last.node] == .array
        let key = sections[index].key
        if inArray {
          label = .index(key.flatMap { Int($0) } ?? last.children)
        } else {
          label = key.map { .name($0) } ?? .index(last.children)
        }
        open[open.count - 1].subsections += 1
        open[open.count - 1].children += 1
      } else {
        label = .none
      }
      let node = values.count
      switch sections[index].kind {
      case .array: append(.array, label: label, section: index)
      case .object, .heading, .file, .element, .suite, .test, .output:
        append(.object, label: label, section: index)
      }
      open.append(Open(section: index, node: node, runs: sections[index].valueRuns))
    }
    while !open.isEmpty { close(&open) }
  }

  /// Places the last open section's remaining members and ends its subtree.
  private mutating func close(_ open: inout [Open]) {
    placeRuns(of: &open[open.count - 1], before: Int.max)
    ends[open[open.count - 1].node] = values.count
    open.removeLast()
  }

  /// Appends the scalar members of the content runs of `owner` that come before its
  /// subsection number `subsection`, as leaves.
  private mutating func placeRuns(of owner: inout Open, before subsection: Int) {
    while owner.nextRun < owner.runs.count, owner.runs[owner.nextRun].position <= subsection {
      owner.children += appendMembers(owner.runs[owner.nextRun])
      owner.nextRun += 1
    }
  }

  private mutating func append(_ value: Value, label: Label, section: Int) {
    values.append(value)
    labels.append(label)
    ends.append(values.count)
    sections.append(section)
  }

  /// Appends the members of `run`: scalars and empty containers as leaves, an object or
  /// array written within a line as a node with its members inside. Returns how many are
  /// children of the run's owner.
  private mutating func appendMembers(_ run: Content) -> Int {
    let members: Members
    switch run.body {
    case .members(let run): members = run
    case .totals(let totals): members = totals.members
    case .markdown, .source, .preformatted: return 0
    }
    var children = 0
    // The objects and arrays open, each with the position of its last member.
    var open: [(node: Int, last: Int)] = []
    for position in members.indices {
      let member = members[position]
      let label: Label
      if let key = member.key {
        label = .name(key)
      } else if let index = member.index {
        label = .index(index)
      } else {
        label = .none
      }
      if open.isEmpty { children += 1 }
      append(Self.value(of: member), label: label, section: -1)
      if member.contents > 0 {
        open.append((values.count - 1, position + member.contents))
      } else {
        while let inner = open.last, inner.last <= position {
          ends[inner.node] = values.count
          open.removeLast()
        }
      }
    }
    return children
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
    case .emptyObject, .object: return .object
    case .emptyArray, .array: return .array
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

  /// The children of `node`, in the order stored: an array's in the order of their
  /// indexes.
  func children(of node: Int) -> [Int] {
    var children: [Int] = []
    var child = node + 1
    while child < ends[node] {
      children.append(child)
      child = ends[child]
    }
    return children
  }

  /// How many children `node` has, counted without keeping them.
  func childCount(of node: Int) -> Int {
    var count = 0
    var child = node + 1
    while child < ends[node] {
      count += 1
      child = ends[child]
    }
    return count
  }

  /// The first child of `node` reached by `label`, found without keeping the others.
  func child(of node: Int, labelled label: Label) -> Int? {
    var child = node + 1
    while child < ends[node] {
      if labels[child] == label { return child }
      child = ends[child]
    }
    return nil
  }
}
