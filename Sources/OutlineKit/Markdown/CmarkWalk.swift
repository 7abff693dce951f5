import CCmark

/// A walk through the nodes under a cmark node in document order: each node is entered,
/// and one with children is left after them. It keeps no stack, climbing back through
/// each node's parent instead, so a tree nested any depth is walked in constant memory,
/// and it allocates nothing, unlike cmark's own iterator.
///
/// The walk only reads the tree: a node it has handed out must not be unlinked or freed
/// before the walk is done (`CmarkWalk.children` allows that of the child it handed out).
struct CmarkWalk: Sequence, IteratorProtocol {
  /// A node entered, or left after its children.
  struct Step {
    let node: OpaquePointer
    let isEntering: Bool
  }

  private let root: OpaquePointer
  private let includesRoot: Bool
  private var current: Step?
  private var started = false
  private var descends = true

  /// A walk of what `root` holds; with `includingRoot`, `root` is entered first and, if
  /// it has children, left last.
  init(_ root: OpaquePointer, includingRoot: Bool = false) {
    self.root = root
    self.includesRoot = includingRoot
  }

  mutating func next() -> Step? {
    if !started {
      started = true
      current =
        includesRoot
        ? Step(node: root, isEntering: true)
        : cmark_node_first_child(root).map { Step(node: $0, isEntering: true) }
    } else if let step = current {
      current = following(step)
    }
    descends = true
    return current
  }

  /// Goes past the children of the node just entered, which is then not left either.
  mutating func skipChildren() {
    descends = false
  }

  private func following(_ step: Step) -> Step? {
    if step.isEntering, descends, let child = cmark_node_first_child(step.node) {
      return Step(node: child, isEntering: true)
    }
    if step.node == root { return nil }
    if let sibling = cmark_node_next(step.node) { return Step(node: sibling, isEntering: true) }
    guard let parent = cmark_node_parent(step.node), parent != root || includesRoot else {
      return nil
    }
    return Step(node: parent, isEntering: false)
  }

  /// The children of `node`, first to last. Each is handed out after the next one is
  /// found, so the one handed out may be unlinked, moved or freed.
  static func children(of node: OpaquePointer) -> Children {
    Children(upcoming: cmark_node_first_child(node))
  }

  /// The children of a node; see `children(of:)`.
  struct Children: Sequence, IteratorProtocol {
    /// No children.
    init() {}

    fileprivate init(upcoming: OpaquePointer?) { self.upcoming = upcoming }

    private var upcoming: OpaquePointer? = nil

    mutating func next() -> OpaquePointer? {
      guard let node = upcoming else { return nil }
      upcoming = cmark_node_next(node)
      return node
    }
  }
}
