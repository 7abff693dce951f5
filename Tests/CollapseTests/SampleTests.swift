import Foundation
import OutlineKit
import Testing

/// The samples and their expected outputs, kept side by side in Samples/. RECORD=1 writes
/// the outputs anew and fails, so that accepting them is a second step: read the
/// difference, then run again without it.
@Suite("samples")
struct SampleTests {
  /// Each expected output: the sample, the output file's suffix, and the arguments.
  /// The samples are those the formats' folders list (`FormatFiles.samples`).
  static let goldens: [(sample: String, suffix: String, arguments: [String])] =
    registeredSamples.flatMap { sample in
      [(sample, "txt", []), (sample, "html", ["-t", "html"])]
    }

  /// Every format's samples, each once, in the registry's order.
  static var registeredSamples: [String] {
    var samples: [String] = []
    for format in InputFormat.registered {
      samples += format.definition.files.samples.filter { !samples.contains($0) }
    }
    return samples
  }

  static let record = ProcessInfo.processInfo.environment["RECORD"] == "1"

  @Test("each sample renders as its expected output", arguments: goldens.indices)
  func golden(_ index: Int) throws {
    let (sample, suffix, arguments) = Self.goldens[index]
    let input = try Data(contentsOf: packageRoot.appendingPathComponent("Samples/\(sample)"))
    let format = sample.hasSuffix(".json") ? ["-f", "json"] : []
    let result = try runBothWays(format + arguments, input: String(decoding: input, as: UTF8.self))
    #expect(result.status == 0)
    #expect(result.errors == "")
    let expected = packageRoot.appendingPathComponent("Samples/expected/\(sample).\(suffix)")
    if Self.record {
      try FileManager.default.createDirectory(
        at: expected.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(result.output.utf8).write(to: expected)
      // Accepting what was recorded is a second step: read the difference, then run again.
      Issue.record("recorded a new Samples/expected/\(sample).\(suffix); run without RECORD=1")
      return
    }
    let golden = try String(contentsOf: expected, encoding: .utf8)
    #expect(result.output == golden, "Samples/expected/\(sample).\(suffix) differs")
  }

  @Test("the samples are read by name too, with the same result as from standard input")
  func byName() throws {
    let byName = try runBinary(["Samples/oceans.md"])
    let golden = try String(
      contentsOf: packageRoot.appendingPathComponent("Samples/expected/oceans.md.txt"),
      encoding: .utf8)
    #expect(byName.output == golden)
  }
}
