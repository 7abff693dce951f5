import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output that could not be written, by the system's error number.
struct WriteError: Error, CustomStringConvertible {
  let code: Int32
  /// The file `--output` names, or nil for standard output.
  var path: String? = nil

  /// Whether the reader went away (`collapse big.md | head`): it took what it wanted, and
  /// the command ends quietly, with the status it would have had.
  var readerLeft: Bool { code == EPIPE }

  var description: String {
    "write error: " + (path.map { "\($0): " } ?? "") + systemErrorMessage(code)
  }

  /// The exit status a command that had `status` so far ends with, after reporting this
  /// to `errors` unless the reader left.
  func status<Errors: TextOutputStream>(after status: ExitStatus, errors: inout Errors)
    -> ExitStatus
  {
    if readerLeft { return status }
    errors.report(description)
    return .failure
  }
}
