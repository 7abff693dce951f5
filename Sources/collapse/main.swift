#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe shows up as EPIPE from write(2), which FileOutput ends on quietly.
signal(SIGPIPE, SIG_IGN)
handleInterrupts()

/// What was read, held until the process ends: freeing a large document piece by piece
/// only delays an exit that gives all the memory back at once.
nonisolated(unsafe) var keptUntilExit: [Any] = []

var output = FileOutput(descriptor: 1)
var errors = Diagnostics()
// The arguments as bytes: CommandLine.arguments would turn a file name that is not UTF-8
// into one that cannot be opened.
let arguments = (1..<Int(CommandLine.argc)).map { index in
  let argument = CommandLine.unsafeArgv[index]!
  return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
}
let status = Collapse.run(
  bytes: arguments, terminal: .standardOutput(), output: &output, errors: &errors,
  keep: { keptUntilExit.append($0) })
output.flush()
withExtendedLifetime(keptUntilExit) { exit(status.rawValue) }
