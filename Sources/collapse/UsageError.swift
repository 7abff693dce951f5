/// A command line collapse cannot follow.
struct UsageError: Error, Equatable, CustomStringConvertible {
  let description: String
}
