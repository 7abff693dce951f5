import Foundation
import Testing

/// The environment the tests run commands in: this process's, less what would change
/// collapse's output behind a test's back.
let testEnvironment: [String: String] = {
  var environment = ProcessInfo.processInfo.environment
  for name in ["COLUMNS", "NO_COLOR", "TERM"] { environment[name] = nil }
  return environment
}()

/// The path of `tool` on the PATH, if it is installed.
func toolPath(_ tool: String) -> String? {
  let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
  for folder in folders.map(String.init) + ["/usr/bin", "/bin", "/usr/sbin"] {
    let path = folder + "/" + tool
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}

/// Whether the tests run under CI, where every tool they need must be installed.
let isCI = ProcessInfo.processInfo.environment["CI"] != nil

extension Trait where Self == ConditionTrait {
  /// Runs a test only where `tools` are installed, and always under CI: elsewhere a test
  /// without its tools is reported as skipped, never as passed. `make test` installs them.
  static func needs(_ tools: String..., sourceLocation: SourceLocation = #_sourceLocation)
    -> Self
  {
    let missing = tools.filter { toolPath($0) == nil }
    return .enabled(
      if: missing.isEmpty || isCI,
      Comment(rawValue: "needs \(missing.joined(separator: ", ")), which `make test` installs"),
      sourceLocation: sourceLocation)
  }
}

/// Whether `tool` is installed; when it is not, the test fails. A test that calls this
/// has the trait `.needs(tool)`, so that it runs without the tool only under CI, where
/// `make test` must have installed it.
func requireTool(_ tool: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
  if toolPath(tool) != nil { return true }
  Issue.record("\(tool) is not installed; `make test` installs it", sourceLocation: sourceLocation)
  return false
}

/// Runs `tool` with `arguments` and returns what it printed and how it ended.
func runTool(
  _ tool: String, _ arguments: [String], environment: [String: String] = testEnvironment,
  directory: URL = packageRoot, input: Data = Data()
) throws -> CommandResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: toolPath(tool) ?? tool)
  process.arguments = arguments
  process.environment = environment
  process.currentDirectoryURL = directory
  let raw = try run(process, input: input)
  return CommandResult(
    output: String(decoding: raw.output, as: UTF8.self),
    errors: String(decoding: raw.errors, as: UTF8.self), status: raw.status)
}

/// `text` quoted for a POSIX shell.
func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}

/// A fresh folder under the temporary directory, for one test.
func temporaryFolder(_ name: String = "collapse-test") throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// Runs `arguments[0]` (found on the PATH) with its standard streams on /dev/null, no
/// other descriptor of this process and no signal blocked, and waits for it to end.
///
/// For a program that leaves a daemon behind (a tmux server): Foundation's `Process`
/// hands its children the test runner's blocked signals and open pipes, which would keep
/// the daemon from ever being stopped and this process waiting on the pipes.
func runDetached(_ arguments: [String], environment: [String: String] = testEnvironment) throws {
  guard let path = toolPath(arguments[0]) else { throw Mismatch(description: "no \(arguments[0])") }
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGCHLD, SIGHUP, SIGINT, SIGPIPE, SIGQUIT, SIGTERM] {
    sigaddset(&defaults, signal)
  }
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  for descriptor: Int32 in 0...2 {
    posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
  }
  let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
    let flags = fcntl(descriptor, F_GETFD)
    if flags >= 0 && flags & FD_CLOEXEC == 0 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }

  let argv = arguments.map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { (argv + envp).forEach { free($0) } }
  var pid: pid_t = 0
  let error = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
  guard error == 0 else { throw Mismatch(description: "cannot start \(path): error \(error)") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
}

/// A shell command that writes the words `value` to `file` whole: to a name of its own
/// first, then renamed, so that the file exists only once everything is in it.
func shellRecord(_ value: String, to file: URL) -> String {
  let part = shellQuoted(file.path + ".part")
  return "echo \(value) > \(part) && mv \(part) \(shellQuoted(file.path))"
}

/// The line another process writes to `file` with `shellRecord`, once it is there; it
/// throws when the file has not come within `seconds`, which only a process that never
/// writes it outruns.
func recordedLine(_ file: URL, seconds: Double = 120) throws -> String {
  let deadline = Date().addingTimeInterval(seconds)
  while !FileManager.default.fileExists(atPath: file.path) {
    guard Date() < deadline else {
      throw Mismatch(description: "\(file.lastPathComponent) was not written in \(seconds) s")
    }
    Thread.sleep(forTimeInterval: 0.05)
  }
  return try String(contentsOf: file, encoding: .utf8)
}
