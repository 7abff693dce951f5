/// Finds, in a list of parts cut at a separator (a NAMES list's commas, a path's
/// slashes), the runs of parts that together may make one of a set of names holding that
/// separator: a title, id or key with commas or slashes in it.
///
/// Each part and each piece of a name is compared as `NameMatcher.normalized` leaves it,
/// so a run found is a candidate, which the caller checks as it stands; but every run
/// that makes a name is found. The runs starting at every part are found in one pass over
/// the parts, whatever the names hold (the Aho–Corasick automaton, over the names' pieces
/// read backwards): a list of thousands of parts and a title of thousands of commas take
/// time linear in the two.
struct RunFinder {
  /// One state of the automaton: a run of pieces read backwards from the end of a name.
  private struct State {
    var next: [Int: Int] = [:]
    /// The state of the longest proper suffix of this one's run that is a state too.
    var fallback = 0
    /// How many pieces the run holds.
    var depth = 0
    /// Whether the run is a whole name.
    var isName = false
    /// The nearest state along the fallbacks, this one excluded, that is a whole name.
    var shorterName: Int? = nil
  }

  private var states = [State()]
  /// Each piece of a name, numbered.
  private var pieces: [String: Int] = [:]
  let separator: Character

  /// A finder of the `names` that hold `separator`; the others are left out.
  init(names: some Sequence<String>, separator: Character) {
    self.separator = separator
    for name in names where name.contains(separator) {
      var state = 0
      for piece in name.split(separator: separator, omittingEmptySubsequences: false).reversed() {
        let token = number(NameMatcher.normalized(String(piece)))
        if let known = states[state].next[token] {
          state = known
        } else {
          states.append(State(depth: states[state].depth + 1))
          states[state].next[token] = states.count - 1
          state = states.count - 1
        }
      }
      states[state].isName = true
    }
    linkFallbacks()
  }

  /// Whether no name holds the separator: then no run is ever found.
  var isEmpty: Bool { states.count == 1 }

  private mutating func number(_ piece: String) -> Int {
    if let known = pieces[piece] { return known }
    pieces[piece] = pieces.count
    return pieces.count - 1
  }

  /// Sets each state's fallback, breadth first, as the automaton does.
  private mutating func linkFallbacks() {
    var queue = states[0].next.values.sorted()
    var head = 0
    while head < queue.count {
      let state = queue[head]
      head += 1
      for (token, child) in states[state].next.sorted(by: { $0.key < $1.key }) {
        var fallback = states[state].fallback
        while fallback != 0 && states[fallback].next[token] == nil {
          fallback = states[fallback].fallback
        }
        let linked = states[fallback].next[token] ?? 0
        states[child].fallback = linked
        states[child].shorterName = states[linked].isName ? linked : states[linked].shorterName
        queue.append(child)
      }
    }
  }

  /// For each part, where the automaton stands once it has read the parts from the last
  /// back to that one: what `lengths(at:)` reads the runs starting there from.
  func places(in parts: [String]) -> [Int] {
    guard !isEmpty else { return Array(repeating: 0, count: parts.count) }
    var places = Array(repeating: 0, count: parts.count)
    var state = 0
    for index in parts.indices.reversed() {
      state = step(from: state, pieces[NameMatcher.normalized(parts[index])])
      places[index] = state
    }
    return places
  }

  /// The longest run of two parts or more, starting at the part whose place is `place`,
  /// that `makesName` takes, given its length; nil when none does. The runs are tried
  /// longest first, and only those that may make a name.
  func longestRun(at place: Int, _ makesName: (Int) throws -> Bool) rethrows -> Int? {
    var name: Int? = states[place].isName ? place : states[place].shorterName
    while let at = name, states[at].depth >= 2 {
      if try makesName(states[at].depth) { return states[at].depth }
      name = states[at].shorterName
    }
    return nil
  }

  /// Where the automaton stands once it has read `part` in place of the part whose place
  /// is given, after those that follow it: with `Spices/Salt` read as `Salt`, the runs from
  /// the last step of a path.
  func place(reading part: Substring, before next: Int) -> Int {
    step(from: next, pieces[NameMatcher.normalized(String(part))])
  }

  /// The state after `state` reads `token`; nil tokens are pieces of no name.
  private func step(from state: Int, _ token: Int?) -> Int {
    guard let token else { return 0 }
    var state = state
    while state != 0 && states[state].next[token] == nil { state = states[state].fallback }
    return states[state].next[token] ?? 0
  }
}
