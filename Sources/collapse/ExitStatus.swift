/// How the program ends.
enum ExitStatus: Int32 {
  /// Everything was read and written.
  case success = 0
  /// An input could not be read or parsed, or the output could not be written.
  case failure = 1
  /// The command line was wrong.
  case usage = 2
}
