#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The seed of a randomized test: the number in `COLLAPSE_TEST_SEED` when it is set, so
/// that a failed run can be repeated and other runs tried, else the test's own.
public enum TestSeed {
  /// The variable that sets the seed.
  public static let variable = "COLLAPSE_TEST_SEED"

  /// The seed to use, or nil when the variable is set to something other than a number.
  public static func value(default fallback: UInt64) -> UInt64? {
    guard let text = getenv(variable) else { return fallback }
    return UInt64(String(cString: text))
  }
}
