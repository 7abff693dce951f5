import Foundation
import OutlineKit
import Testing

/// The fuzz targets' checks on each .NET report kind's sample as the fuzzers start from it:
/// whole, cut short after every line (a runner killed mid-write), and with a byte changed
/// here and there.
@Suite("report kinds' fuzz checks")
struct ReportKindFuzzTests {
  @Test(
    "xUnit.net's, NUnit's and TRX's samples, cut and changed, pass their fuzz target's checks",
    arguments: [InputFormat.xunit, .nunit, .trx])
  func sample(_ format: InputFormat) throws {
    let files = format.definition.files
    let check = try #require(FuzzHarness.targets[files.fuzzTarget])
    for sample in files.samples {
      let bytes = try [UInt8](
        Data(contentsOf: packageRoot.appendingPathComponent("Samples/\(sample)")))
      var inputs = [bytes]
      for (index, byte) in bytes.enumerated() where byte == 0x0A {
        inputs.append(Array(bytes[...index]))
      }
      // Changes at fixed places, so that a failure is the same on every run.
      for (step, replacement) in [(97, "<"), (89, "\""), (101, "&"), (83, "/")]
        as [(Int, Unicode.Scalar)]
      {
        var changed = bytes
        for index in stride(from: step, to: changed.count, by: step * 7) {
          changed[index] = UInt8(ascii: replacement)
        }
        inputs.append(changed)
      }
      // Each sample is some tens of lines, every one a place to cut.
      #expect(inputs.count > 40, "\(sample)")
      for input in inputs {
        let problems = check(input)
        #expect(problems.isEmpty, "\(sample), \(input.count) bytes: \(problems)")
      }
    }
  }
}
