import Foundation
import OutlineKit

@testable import collapse

/// What one run of collapse printed and how it ended.
struct CommandResult: Equatable {
  var output: String
  var errors: String
  var status: Int32
}

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The `collapse` binary that `swift build` made beside the test bundle.
let collapseBinary: URL = {
  if let path = ProcessInfo.processInfo.environment["COLLAPSE_BINARY"] {
    return URL(fileURLWithPath: path)
  }
  let runner = URL(fileURLWithPath: CommandLine.arguments[0])
  var folder = runner.deletingLastPathComponent()
  while folder.path != "/" {
    let candidate = folder.appendingPathComponent("collapse")
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      return candidate
    }
    folder = folder.deletingLastPathComponent()
  }
  return packageRoot.appendingPathComponent(".build/debug/collapse")
}()

/// Runs the built binary with `arguments`, `input` on standard input, in `directory`.
func runBinary(
  _ arguments: [String], input: Data = Data(), directory: URL = packageRoot,
  environment: [String: String] = testEnvironment
) throws -> CommandResult {
  let raw = try runBinaryRaw(
    arguments, input: input, directory: directory, environment: environment)
  return CommandResult(
    output: String(decoding: raw.output, as: UTF8.self),
    errors: String(decoding: raw.errors, as: UTF8.self),
    status: raw.status)
}

/// What one run of the binary printed, byte for byte, and how it ended.
struct RawCommandResult {
  var output: Data
  var errors: Data
  var status: Int32
  /// Whether a signal ended the process; `status` is then the signal's number.
  var signaled: Bool
}

/// A program that stops reading its input early must not take the tests down with SIGPIPE
/// as they write the rest; the write fails instead, which they ignore.
private let brokenPipesIgnored: Void = {
  signal(SIGPIPE, SIG_IGN)
}()

/// Runs the built binary like `runBinary`, keeping its output as bytes.
func runBinaryRaw(
  _ arguments: [String], input: Data = Data(), directory: URL = packageRoot,
  environment: [String: String] = testEnvironment
) throws -> RawCommandResult {
  let process = Process()
  process.executableURL = collapseBinary
  process.arguments = arguments
  process.currentDirectoryURL = directory
  process.environment = environment
  return try run(process, input: input)
}

/// Runs the bash `script` in `folder` with the built binary as `$0`, and SIGINT's
/// default action as in a terminal (the test runner may ignore it, and its children would
/// inherit that); returns what the script printed.
func runScript(_ script: String, in folder: URL = packageRoot, binary: URL = collapseBinary)
  throws -> CommandResult
{
  try runTool(
    "env", ["--default-signal=INT", "/bin/bash", "-c", script, binary.path],
    directory: folder)
}

/// A collapse built without a sanitizer, for the tests that limit the address space, of
/// which AddressSanitizer reserves more than any such limit: `COLLAPSE_UNSANITIZED_BINARY`
/// (`make test` gives its release build), else the binary tested unless it is sanitized.
let unsanitizedBinary: URL? = {
  let environment = ProcessInfo.processInfo.environment
  if let path = environment["COLLAPSE_UNSANITIZED_BINARY"] { return URL(fileURLWithPath: path) }
  return environment["COLLAPSE_SANITIZED"] == nil ? collapseBinary : nil
}()

/// Starts `process` with `input` on its standard input and waits for it to end.
func run(_ process: Process, input: Data) throws -> RawCommandResult {
  brokenPipesIgnored
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  // Read both pipes while writing, so that neither side can fill up and block.
  let group = DispatchGroup()
  nonisolated(unsafe) var output = Data()
  nonisolated(unsafe) var errors = Data()
  DispatchQueue.global().async(group: group) {
    output = stdout.fileHandleForReading.readDataToEndOfFile()
  }
  DispatchQueue.global().async(group: group) {
    errors = stderr.fileHandleForReading.readDataToEndOfFile()
  }
  try? stdin.fileHandleForWriting.write(contentsOf: input)
  try? stdin.fileHandleForWriting.close()
  group.wait()
  process.waitUntilExit()
  return RawCommandResult(
    output: output, errors: errors, status: process.terminationStatus,
    signaled: process.terminationReason == .uncaughtSignal)
}

/// Runs collapse inside the test process, through the same code as the binary, with
/// `input` on its standard input.
func runInProcess(_ arguments: [String], input: Data = Data()) throws -> CommandResult {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("collapse-input-\(UUID().uuidString)")
  try input.write(to: file)
  defer { try? FileManager.default.removeItem(at: file) }
  let descriptor = open(file.path, O_RDONLY)
  defer { close(descriptor) }
  var output = ""
  var errors = ""
  let status = Collapse.run(arguments, standardInput: descriptor, output: &output, errors: &errors)
  return CommandResult(output: output, errors: errors, status: status.rawValue)
}

/// Runs collapse both ways and checks that they agree before returning what they did.
func runBothWays(_ arguments: [String], input: String) throws -> CommandResult {
  try runBothWays(arguments, input: Array(input.utf8))
}

/// Runs collapse both ways on `input`, which need not be UTF-8, like `runBothWays`.
func runBothWays(_ arguments: [String], input: [UInt8]) throws -> CommandResult {
  let data = Data(input)
  let inProcess = try runInProcess(arguments, input: data)
  let binary = try runBinary(arguments, input: data)
  guard inProcess == binary else {
    throw Mismatch(
      description:
        "in-process and binary runs differ for \(arguments):\n\(inProcess)\n---\n\(binary)")
  }
  return binary
}

struct Mismatch: Error, CustomStringConvertible {
  let description: String
}
