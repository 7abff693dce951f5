import Foundation
import OutlineKit
import Testing

@testable import collapse

/// What each completion file says of `--from`'s values, made from the registry of formats:
/// every name `--from` takes, with what the format is in a few words.
func fromCompletion(_ file: CompletionFile) -> String {
  let named = InputFormat.registered.flatMap { format in
    format.definition.names.map { (name: $0, definition: format.definition) }
  }
  switch file {
  case .bash:
    return "-f | --from) values=\"\(named.map(\.name).joined(separator: " "))\" ;;"
  case .zsh:
    let values = named.map { name, definition in
      let words = definition.summary ?? definition.documentName
      return name + "\\:" + words.replacingOccurrences(of: " ", with: "\\ ")
    }
    return "{-f+,--from=}'[read input as this format]:format:((\(values.joined(separator: " "))))"
  case .fish:
    let values = named.map { name, definition in
      name + (definition.summary.map { "\\t\"\($0)\"" } ?? "")
    }
    return "-l from -x -a '\(values.joined(separator: " "))'"
  }
}

/// The lists that name every input format, checked against the registry
/// (`InputFormat.registered`), so that a format registered in its folder is offered, told
/// of and tested everywhere. RECORD=1 writes the completions' lists anew and fails, as the
/// samples' expected outputs are recorded.
@Suite("format lists")
struct FormatListTests {
  static let record = ProcessInfo.processInfo.environment["RECORD"] == "1"

  @Test(
    "each completion file offers --from's values as the registry lists them",
    arguments: CompletionFile.allCases)
  func completions(_ file: CompletionFile) throws {
    let expected = fromCompletion(file)
    let text = file.text
    if text.contains(expected) { return }
    guard Self.record else {
      Issue.record("\(file.rawValue) does not offer --from's values as \(expected)")
      return
    }
    // The line that completes --from, its list of values replaced.
    let pattern: Regex<Substring> =
      switch file {
      case .bash: /-f \| --from\) values="[^"]*" ;;/
      case .zsh: /\{-f\+,--from=\}'\[read input as this format\]:format:\(\((?:[^)\\]|\\.)*\)\)/
      case .fish: /-l from -x -a '[^']*'/
      }
    let written = text.replacing(pattern, with: expected, maxReplacements: 1)
    try Data(written.utf8).write(to: file.url)
    Issue.record("recorded --from's values in \(file.rawValue); run without RECORD=1")
  }

  @Test("--help's sentence of --from names each format by the registry")
  func help() throws {
    let from = try #require(optionTable.first { $0.long == "from" })
    #expect(
      from.help
        == "Read input as markdown (GitHub Flavored Markdown; gfm is the same), commonmark (strict, no extension), json, yaml, junit, xunit, nunit, trx or xml (default: by extension, else by how it starts)."
    )
    for name in InputFormat.names { #expect(from.help.contains(name)) }
    #expect(helpText().contains("print \(InputFormat.documentNamesInWords) as an outline"))
    #expect(shortUsage.contains("collapse reads \(InputFormat.documentNamesInWords) from FILEs"))
  }

  @Test("the manual names the registry's formats, their extensions and the binary file's message")
  func manual() throws {
    let source = try String(contentsOf: Manual.source, encoding: .utf8)
    // White space folded, as the manual's lines are wrapped anywhere.
    let text = source.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let words = InputFormat.documentNamesInWords
    #expect(text.contains("collapse - print \(words) as an outline"))
    #expect(text.contains("reads a \(words) document"))
    #expect(text.contains("`collapse: FILE: \(LoadError.binary)`"))
    let fromSection = try #require(
      text.firstRange(of: "**-f**, **--from**").map { text[$0.lowerBound...].prefix(4000) })
    for name in InputFormat.names { #expect(fromSection.contains(name), "--from: \(name)") }
    for format in InputFormat.registered {
      for found in format.definition.fileExtensions.prefix(2) {
        #expect(fromSection.contains("`.\(found)`"), "the manual's --from names .\(found)")
      }
    }
  }

  @Test(
    "every format's samples, fuzz target and bench inputs are where its folder says",
    arguments: InputFormat.registered)
  func files(_ format: InputFormat) throws {
    let files = format.definition.files
    for sample in files.samples {
      let url = packageRoot.appendingPathComponent("Samples/\(sample)")
      let bytes = try [UInt8](Data(contentsOf: url))
      // The sample is told by its name and by its content as a document of its kind; a
      // kind of another format's documents by that format's name (JUnit XML's `.xml`).
      #expect(
        InputFormat.guess(fileName: sample)?.documentName
          == (format.definition.refines ?? format).documentName)
      #expect(
        InputFormat.guess(content: bytes, final: true)?.documentName == format.documentName,
        "Samples/\(sample) is not guessed as \(format.documentName)")
      for suffix in ["txt", "html"] {
        let expected = packageRoot.appendingPathComponent("Samples/expected/\(sample).\(suffix)")
        #expect(FileManager.default.fileExists(atPath: expected.path), "\(expected.path)")
      }
    }
    let target = files.fuzzTarget
    let entry = try String(
      contentsOf: packageRoot.appendingPathComponent("Fuzz/\(target).swift"), encoding: .utf8)
    #expect(entry.contains("LLVMFuzzerTestOneInput") && entry.contains("FuzzHarness."))
    #expect(FuzzHarness.targets[target] != nil, "FuzzHarness has no checks for \(target)")
    let generator = try String(
      contentsOf: packageRoot.appendingPathComponent("bench/generate.py"), encoding: .utf8)
    let usage = try #require(generator.firstMatch(of: /usage: generate.py (\S+)/)).1
    for input in files.benchInputs {
      #expect(usage.split(separator: "|").contains(Substring(input)), "bench/generate.py \(input)")
    }
  }

  @Test("the checks any format has by the registry pass on well-formed and ill-formed input")
  func readingChecks() {
    for format in InputFormat.registered {
      #expect(FuzzHarness.reading(format)(Array("{\"a\": [1, {\"b\": 2}]}\n".utf8)) == [])
      #expect(FuzzHarness.reading(format)(Array("a:\n  - b: [1\n# c\n".utf8)) == [])
      #expect(FuzzHarness.reading(format)([]) == [])
    }
  }
}
