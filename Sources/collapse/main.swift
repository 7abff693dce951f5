#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe shows up as EPIPE from write(2), which FileOutput ends on quietly.
signal(SIGPIPE, SIG_IGN)

/// What was read, held until the process ends: freeing a large document piece by piece
/// only delays an exit that gives all the memory back at once.
nonisolated(unsafe) var keptUntilExit: [Any] = []

var output = FileOutput(descriptor: 1)
var errors = Diagnostics()
let status = Collapse.run(
  Array(CommandLine.arguments.dropFirst()), terminal: .standardOutput(), output: &output,
  errors: &errors, keep: { keptUntilExit.append($0) })
output.flush()
withExtendedLifetime(keptUntilExit) { exit(status.rawValue) }
