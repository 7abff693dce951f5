import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe shows up as EPIPE from write(2), which the command ends on quietly.
signal(SIGPIPE, SIG_IGN)
// The Swift runtime takes SIGQUIT (Ctrl-\\) for a crash, prints a report of one and exits
// with status 0; collapse ends by it instead, as programs do, with status 131. Where it
// was ignored when collapse started, as for a script's background job, the runtime left it
// so, and so does collapse.
var quitAction = sigaction()
if sigaction(SIGQUIT, nil, &quitAction) == 0,
  quitAction.sa_flags & SA_SIGINFO != 0
    || quitAction.__sigaction_handler.sa_handler.map({ unsafeBitCast($0, to: UInt.self) })
      != unsafeBitCast(SIG_IGN, to: UInt.self)
{
  signal(SIGQUIT, SIG_DFL)
}
handleInterrupts()

/// Whether descriptor `descriptor` is open.
func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 || errno != EBADF }

// A standard descriptor left closed would be taken by the next file opened (even one the
// runtime opens for its threads), and output would go there. So all three are looked at
// before any is filled. Standard output closed is a write error at once, said on standard
// error if that is open; closed standard input and error are held by /dev/null, and
// reading standard input then fails as it would have.
let standardInputOpen = isOpen(0)
let standardOutputOpen = isOpen(1)
let standardErrorOpen = isOpen(2)
if !standardOutputOpen {
  if standardErrorOpen { Diagnostics.report("write error: \(systemErrorMessage(EBADF))") }
  exit(ExitStatus.failure.rawValue)
}
if !standardInputOpen { _ = open("/dev/null", O_RDONLY) }
if !standardErrorOpen { _ = open("/dev/null", O_WRONLY) }

/// What was read, held until the process ends: freeing a large document piece by piece
/// only delays an exit that gives all the memory back at once. `-DPLAIN_EXIT` frees it;
/// bench/tricks.md says what that costs.
// nonisolated(unsafe): only the main thread, through `keep` below, touches it.
nonisolated(unsafe) var keptUntilExit: [Any] = []

var output = FileOutput(descriptor: 1)
var errors = Diagnostics()
// The arguments as bytes: CommandLine.arguments would turn a file name that is not UTF-8
// into one that cannot be opened.
let arguments = (1..<Int(CommandLine.argc)).map { index in
  guard let argument = CommandLine.unsafeArgv[index] else {
    preconditionFailure("C gives argv a string at every index below argc")
  }
  return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
}
var status = Collapse.run(
  bytes: arguments, standardInput: standardInputOpen ? 0 : -1, terminal: .standardOutput(),
  output: &output, errors: &errors,
  keep: {
    #if !PLAIN_EXIT
      keptUntilExit.append($0)
    #endif
  })
output.flush()
do {
  try output.checkFailure()
} catch {
  status = error.status(after: status, errors: &errors)
}
withExtendedLifetime(keptUntilExit) { exit(status.rawValue) }
