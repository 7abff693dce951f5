/// Where the files that show and test an input format are, and what building it needs:
/// what the tests take from the registry rather than from lists of their own.
public struct FormatFiles: Sendable, Equatable {
  /// Samples in `Samples/` whose expected outputs are kept in `Samples/expected/`, as text and as HTML.
  public var samples: [String]
  /// Its libFuzzer target, `Fuzz/<fuzzTarget>.swift`, whose kept inputs are in
  /// `Tests/Regressions/<fuzzTarget>/`; FuzzHarness holds its checks under that name.
  public var fuzzTarget: String
  /// The kinds of input `bench/generate.py` writes for it.
  public var benchInputs: [String]
  /// The Debian packages of the C library that reads it, which building or running needs.
  public var libraries: [String]

  public init(samples: [String], fuzzTarget: String, benchInputs: [String], libraries: [String]) {
    self.samples = samples
    self.fuzzTarget = fuzzTarget
    self.benchInputs = benchInputs
    self.libraries = libraries
  }
}
