import Foundation
import OutlineKit
import Testing

/// An input that once crashed a fuzz target or broke one of its checks, kept in
/// `Tests/Regressions/TARGET/` under a name that says what it found.
struct Regression: Sendable, CustomTestStringConvertible {
  let target: String
  let name: String
  let bytes: [UInt8]

  var testDescription: String { "\(target)/\(name)" }

  static let folder = packageRoot.appendingPathComponent("Tests/Regressions")

  static func all() -> [Regression] {
    let manager = FileManager.default
    let targets = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
    return targets.sorted().flatMap { target -> [Regression] in
      let directory = folder.appendingPathComponent(target)
      let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
      return names.sorted().compactMap { name in
        guard let data = manager.contents(atPath: directory.appendingPathComponent(name).path)
        else { return nil }
        return Regression(target: target, name: name, bytes: Array(data))
      }
    }
  }
}

@Suite("fuzz regressions")
struct FuzzRegressionTests {
  @Test("every kept input passes its target's checks in the library", arguments: Regression.all())
  func library(_ regression: Regression) {
    let problems =
      FuzzHarness.targets[regression.target]?(regression.bytes)
      ?? ["no fuzz target is called '\(regression.target)'"]
    #expect(problems == [])
  }

  @Test(
    "every kept input through the binary: each output ends with a defined status and no trap",
    arguments: Regression.all())
  func binary(_ regression: Regression) throws {
    var arguments: [String] = []
    var input = regression.bytes
    var statuses: Set<Int32> = [0]
    // A format other than the fallback, which reads any text, may find its input ill-formed.
    if let format = InputFormat(name: regression.target), format != InputFormat.fallback {
      arguments = ["-f", regression.target]
      statuses = [0, 1]
    } else if regression.target == "names" {
      let (expand, collapse, entries) = FuzzHarness.namesInput(input)
      arguments = ["-f", "markdown"]
      if !expand.isEmpty { arguments += ["--expand", expand] }
      if !collapse.isEmpty { arguments += ["--collapse", collapse] }
      input = FuzzHarness.namesMarkdown(entries)
      statuses = [0, 2]
    } else {
      arguments = ["-f", "markdown"]
    }
    for output in ["text", "html", "markdown", "json"] {
      let result = try runBinary(arguments + ["-t", output], input: Data(input))
      #expect(statuses.contains(result.status), "-t \(output) ends with \(result.status)")
      #expect(!result.errors.contains("Fatal error"), "-t \(output): \(result.errors)")
      #expect(
        result.errors.isEmpty || result.errors.hasPrefix("collapse: "),
        "-t \(output): \(result.errors)")
      #expect((result.status == 0) == result.errors.isEmpty, "-t \(output): \(result.errors)")
    }
  }

  @Test("the regression folder holds inputs for the readers")
  func thereAreRegressions() {
    let targets = Set(Regression.all().map(\.target))
    #expect(targets.isSuperset(of: ["markdown", "json"]))
  }
}
