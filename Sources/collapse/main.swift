#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe shows up as EPIPE from write(2), which FileOutput ends on quietly.
signal(SIGPIPE, SIG_IGN)
handleInterrupts()

/// Whether descriptor `descriptor` is open.
func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 || errno != EBADF }

// A standard descriptor left closed would be taken by the next file opened (even one the
// runtime opens for its threads), and output would go there. Standard output closed is
// a write error at once; closed standard input and error are held by /dev/null, and
// reading standard input then fails as it would have.
let standardInputOpen = isOpen(0)
if !standardInputOpen { _ = open("/dev/null", O_RDONLY) }
if !isOpen(2) { _ = open("/dev/null", O_WRONLY) }
if !isOpen(1) {
  Diagnostics.report("write error: \(systemErrorMessage(EBADF))")
  exit(ExitStatus.failure.rawValue)
}

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
  bytes: arguments, standardInput: standardInputOpen ? 0 : -1, terminal: .standardOutput(),
  output: &output, errors: &errors, keep: { keptUntilExit.append($0) })
output.flush()
withExtendedLifetime(keptUntilExit) { exit(status.rawValue) }
