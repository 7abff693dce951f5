import Foundation
import Testing

@testable import OutlineKit

/// Filter cases written as the JSONPath Compliance Test Suite writes its cases: a
/// `selector` `$[?…]`, `$.name[?…]` or `$..[?…]`, a `document`, and either the
/// `result_paths` it selects or `invalid_selector`. The filter is asked as `--expand-where`
/// asks it, and the sections it chooses among the selector's candidates must be what the
/// case selects. A case whose selection holds a scalar or an empty container, which are
/// no sections, cannot be asked so and is counted apart.
///
/// `Tests/Conditions/filters.json` holds cases written here. Set `JSONPATH_CTS` to the
/// suite's `cts.json` to run its filter cases too, in the same test; the counts are printed.
@Suite("conditions against JSONPath cases")
struct ConditionSuiteTests {
  struct Tally: CustomStringConvertible {
    var passed = 0
    var failed: [String] = []
    var refused = 0
    var accepted: [String] = []
    /// Invalid cases accepted for the `[*]` extension.
    var extended = 0
    /// Valid cases that select scalars, asked of every value rather than of sections.
    var scalarsPassed = 0
    var otherShapes = 0

    var description: String {
      "valid: \(passed) passed, \(failed.count) failed; invalid: \(refused) refused, "
        + "\(accepted.count) accepted, \(extended) accepted by the [*] extension; "
        + "\(scalarsPassed) that select scalars passed asked of every value; "
        + "\(otherShapes) of other shapes"
    }
  }

  static let casesFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Conditions/filters.json")

  @Test("the filter cases written here, and the suite's when JSONPATH_CTS names its cts.json")
  func written() throws {
    let tally = try Self.run(Self.casesFile)
    #expect(tally.failed.isEmpty, "\(tally.failed)")
    #expect(tally.accepted.isEmpty, "\(tally.accepted)")
    #expect(
      tally.passed >= 40 && tally.refused >= 40 && tally.scalarsPassed == 2
        && tally.otherShapes == 1, "\(tally)")
    // The suite is not kept here; given one, its filter cases must hold as these do.
    guard let path = ProcessInfo.processInfo.environment["JSONPATH_CTS"] else { return }
    let suite = try Self.run(URL(fileURLWithPath: path))
    print("JSONPath Compliance Test Suite, filter cases: \(suite)")
    for failure in suite.failed + suite.accepted { print("  \(failure)") }
    #expect(suite.failed.isEmpty && suite.accepted.isEmpty, "\(suite)")
  }

  static func run(_ file: URL) throws -> Tally {
    let data = try Data(contentsOf: file)
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cases = try #require(root["tests"] as? [[String: Any]])
    var tally = Tally()
    let shape = try NSRegularExpression(
      pattern: #"^\$((?:\.[a-z]+)*)(\.\.)?\[\?(.*)\]$"#, options: [.dotMatchesLineSeparators])
    for item in cases {
      let selector = try #require(item["selector"] as? String)
      guard selector.contains("?") else { continue }
      let name = (item["name"] as? String) ?? selector
      let whole = NSRange(selector.startIndex..., in: selector)
      guard let match = shape.firstMatch(in: selector, range: whole),
        let prefixRange = Range(match.range(at: 1), in: selector),
        let filterRange = Range(match.range(at: 3), in: selector)
      else {
        tally.otherShapes += 1
        continue
      }
      let filter = String(selector[filterRange])
      // `$[?@.a, 1]` and `$[?@.a]['b']`: a filter and other selectors or segments.
      if case .exists(let query)? = try? Condition.parse("@[?\(filter)]"),
        query.segments.count > 1 || query.segments[0].selectors.count > 1
      {
        tally.otherShapes += 1
        continue
      }
      if item["invalid_selector"] as? Bool == true {
        do {
          _ = try Condition.parse(filter)
          if filter.contains("*") {
            tally.extended += 1
          } else {
            tally.accepted.append("\(name): \(selector)")
          }
        } catch {
          if let character = item["character"] as? Int, character != error.character {
            tally.failed.append(
              "\(name): \(selector) refused at \(error.character), not \(character): \(error.words)"
            )
          } else {
            tally.refused += 1
          }
        }
        continue
      }
      let document = try #require(item["document"])
      let results =
        (item["result"] as? [Any]) ?? ((item["results"] as? [[Any]])?.first) ?? []
      let paths =
        (item["result_paths"] as? [String]) ?? ((item["results_paths"] as? [[String]])?.first)
        ?? []
      let isSection = { (value: Any) -> Bool in
        if let object = value as? [String: Any] { return !object.isEmpty }
        if let array = value as? [Any] { return !array.isEmpty }
        return false
      }
      let text = try JSONSerialization.data(withJSONObject: document, options: [.fragmentsAllowed])
      let outline = try JSONReader.read(Array(text))
      let prefix = String(selector[prefixRange]).split(separator: ".").map {
        "['\($0)']"
      }.joined()
      let descendant = match.range(at: 2).location != NSNotFound
      guard isSection(document), results.allSatisfy(isSection) else {
        // Asked of every value, scalars too, as the evaluator can be.
        if let chosen = try? Self.values(
          where: filter, in: outline, under: "$" + prefix, descendant: descendant),
          Set(chosen) == Set(paths)
        {
          tally.scalarsPassed += 1
        } else {
          tally.failed.append("\(name): \(selector), asked of every value")
        }
        continue
      }
      do {
        let condition = try Condition.parse(filter)
        var matcher = ConditionMatcher(outline: outline, patterns: PatternBudget())
        let chosen = try matcher.sections(where: condition, text: filter).map {
          Self.path(of: $0, in: outline)
        }
        let asked = chosen.filter { path in
          let parent = "$" + prefix
          if descendant { return path.hasPrefix(parent) && path != parent }
          return path.hasPrefix(parent) && Self.steps(path) == Self.steps(parent) + 1
        }
        if Set(asked) == Set(paths) {
          tally.passed += 1
        } else {
          tally.failed.append(
            "\(name): \(selector) chose \(asked.sorted()), expected \(paths.sorted())")
        }
      } catch {
        tally.failed.append("\(name): \(selector): \(error)")
      }
    }
    return tally
  }

  /// The normalized paths of the values `filter` holds for among the children of the
  /// value at `parent`, or among all the values under it.
  static func values(
    where filter: String, in outline: Outline, under parent: String, descendant: Bool
  )
    throws -> [String]
  {
    let tree = ConditionTree(outline)
    var paths: [String] = []
    var open: [(end: Int, path: String)] = []
    for node in 0..<tree.count {
      while let last = open.last, last.end <= node { open.removeLast() }
      var path = open.last?.path ?? "$"
      switch tree.labels[node] {
      case .name(let name): path += "['\(escaped(name))']"
      case .index(let index): path += "[\(index)]"
      case .none: break
      }
      paths.append(path)
      open.append((tree.ends[node], path))
    }
    let condition = try Condition.parse(filter)
    var evaluator = ConditionEvaluator(tree: tree, stop: StopFlag())
    var chosen: [String] = []
    for node in 0..<tree.count where paths[node].hasPrefix(parent) && paths[node] != parent {
      if !descendant, steps(paths[node]) != steps(parent) + 1 { continue }
      if try evaluator.holds(condition, at: node) { chosen.append(paths[node]) }
    }
    return chosen
  }

  /// How many steps a normalized path has.
  static func steps(_ path: String) -> Int {
    // Names are written with their quotes escaped, so an unescaped `['` or `[` followed by
    // a digit starts a step.
    var count = 0
    var inName = false
    var previous: Character = " "
    for character in path {
      if inName {
        if character == "'" && previous != "\\" { inName = false }
        previous = previous == "\\" && character == "\\" ? " " : character
        continue
      }
      if character == "[" { count += 1 }
      if character == "'" { inName = true }
      previous = character
    }
    return count
  }

  /// RFC 9535's normalized path of a section of a single document.
  static func path(of index: Int, in outline: Outline) -> String {
    var steps: [String] = []
    var cursor: Int? = index
    while let section = cursor {
      let parent = outline.sections[section].parent
      let inArray: Bool
      if let parent {
        if case .array = outline.sections[parent].kind { inArray = true } else { inArray = false }
      } else {
        if case .array = outline.kind { inArray = true } else { inArray = false }
      }
      let key = outline.sections[section].key ?? ""
      steps.append(inArray ? "[\(key)]" : "['\(escaped(key))']")
      cursor = parent
    }
    return "$" + steps.reversed().joined()
  }

  private static func escaped(_ name: String) -> String {
    var text = ""
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "'": text += "\\'"
      case "\\": text += "\\\\"
      default:
        if scalar.value < 0x20 {
          let digits = String(scalar.value, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    return text
  }
}
