#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe shows up as EPIPE from write(2), which FileOutput ends on quietly.
signal(SIGPIPE, SIG_IGN)

var output = FileOutput(descriptor: 1)
var errors = Diagnostics()
let status = Collapse.run(
  Array(CommandLine.arguments.dropFirst()), terminal: .standardOutput(), output: &output,
  errors: &errors)
output.flush()
exit(status.rawValue)
