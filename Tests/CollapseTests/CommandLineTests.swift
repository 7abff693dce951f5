import Foundation
import Testing

@testable import collapse

@Suite("command line")
struct CommandLineTests {
  @Test("--help lists every option with a sentence")
  func helpListsEveryOption() throws {
    let result = try runBinary(["--help"])
    #expect(result.status == 0)
    for spec in optionTable {
      #expect(result.output.contains("--\(spec.long)"), "--help does not list --\(spec.long)")
      #expect(result.output.contains(spec.help), "--help lacks the sentence for --\(spec.long)")
      if let short = spec.short { #expect(result.output.contains("-\(short), --\(spec.long)")) }
    }
  }
}
