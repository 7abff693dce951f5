import Foundation
import Testing

/// What collapse does when the system fails it: each fault has a clear message (or, for a
/// closed pipe, silence) and the exit status README.md gives, and output cut short never
/// ends with status 0.
@Suite("faults")
struct FaultTests {
  /// A Markdown file of about `megabytes` MB, whose text output is larger still: much
  /// more than a pipe holds.
  private func bigDocument(in folder: URL, megabytes: Int) throws -> URL {
    let file = folder.appendingPathComponent("big.md")
    let block = "# Title\nA line of text under the title.\n"
    try Data(String(repeating: block, count: megabytes << 20 / block.utf8.count).utf8)
      .write(to: file)
    return file
  }

  @Test("an unreadable FILE: 'permission denied', status 1, the other files still shown")
  func permissionDenied() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# Fine\n".utf8).write(to: folder.appendingPathComponent("fine.md"))
    let secret = folder.appendingPathComponent("secret.md")
    try Data("# Secret\n".utf8).write(to: secret)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: secret.path)
    // The superuser reads any file: run as nobody then.
    let prefix = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
    if geteuid() == 0 {
      #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
    }
    let result = try runScript(prefix + "\"$0\" --outline secret.md fine.md", in: folder)
    #expect(result.status == 1)
    #expect(result.output == "▾ fine.md\n  ▾ Fine\n")
    #expect(result.errors == "collapse: secret.md: permission denied\n")
  }

  @Test("a read that fails: the system's message, status 1")
  func readError() throws {
    // Reading a process's own memory at offset 0 fails with EIO.
    let result = try runBinary(["/proc/self/mem"])
    #expect(
      result
        == CommandResult(
          output: "", errors: "collapse: /proc/self/mem: input/output error\n", status: 1))
  }

  @Test("a directory on standard input: 'is a directory', status 1")
  func directoryAsStandardInput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runScript("\"$0\" < .", in: folder)
    #expect(
      result == CommandResult(output: "", errors: "collapse: stdin: is a directory\n", status: 1))
  }

  @Test("a file that ends before the place reading reached: 'file shrank', status 1, no output")
  func fileCutShort() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(String(repeating: "# A\ntext\n", count: 100).utf8)
      .write(to: folder.appendingPathComponent("short.md"))
    // Standard input opened on the file, then moved past its end: what collapse finds
    // when the file was truncated after it had read that far.
    let script = """
      exec 3<short.md
      python3 -c 'import os; os.lseek(3, 5000, os.SEEK_SET)'
      "$0" <&3
      echo "status $?"
      """
    let result = try runScript(script, in: folder)
    #expect(result.output == "status 1\n")
    #expect(result.errors == "collapse: stdin: file shrank while being read\n")
  }

  @Test(
    "a file whose size reads as 0, as /proc's do, is read to its end",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
  func fileOfNoSize() throws {
    // /proc/self/status is that of collapse itself, with more lines than a first read
    // might bring; /proc/version reads the same from any process.
    let version = try String(contentsOfFile: "/proc/version", encoding: .utf8)
    let size = try FileManager.default.attributesOfItem(atPath: "/proc/version")[.size] as? Int
    #expect(size == 0)
    let read = try runBinary(["/proc/version"])
    #expect(read == CommandResult(output: version, errors: "", status: 0))
    let status = try runBinary(["-t", "json", "/proc/self/status"])
    #expect(status.status == 0)
    #expect(status.errors == "")
    #expect(status.output.contains(#""Name:\tcollapse""#))
    #expect(status.output.contains(#""VmPeak:"#))
  }

  @Test("a file removed while collapse reads it is read to its end, as Unix keeps it open")
  func fileRemovedWhileRead() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try bigDocument(in: folder, megabytes: 30)
    let whole = try runBinary(["--collapse-all", "--outline", file.path])
    var reached: Int? = nil
    let result = try outline(of: file) { offset in
      reached = offset
      try FileManager.default.removeItem(at: file)
    }
    #expect(reached != nil, "collapse finished before the file could be removed")
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(String(decoding: result.output, as: UTF8.self) == whole.output)
  }

  @Test("a file truncated while collapse reads it: 'file shrank', status 1, no output")
  func fileTruncatedWhileRead() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try bigDocument(in: folder, megabytes: 30)
    let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as! Int
    var reached: Int? = nil
    let result = try outline(of: file) { offset in
      reached = offset
      if let offset, offset < size { truncate(file.path, 1024) }
    }
    guard let reached, reached < size else {
      Issue.record("collapse read the whole file before it could be cut short")
      return
    }
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(
      String(decoding: result.errors, as: UTF8.self)
        == "collapse: \(file.path): file shrank while being read\n")
  }

  /// Runs `collapse --collapse-all --outline` on `file`, and calls `change` with how far
  /// collapse has read once it has read some of the file, or nil if it finished first.
  /// collapse is stopped while `change` runs, so that it reads no further until then
  /// however busy the machine is.
  private func outline(
    of file: URL, changing change: (Int?) throws -> Void
  ) throws -> RawCommandResult {
    let process = Process()
    process.executableURL = collapseBinary
    process.arguments = ["--collapse-all", "--outline", file.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let pid = process.processIdentifier
    var reached: Int? = nil
    while reached == nil && process.isRunning {
      reached = readOffset(of: file.path, in: pid)
    }
    if reached != nil {
      kill(pid, SIGSTOP)
      while process.isRunning && !isStopped(pid) { sched_yield() }
      // Where it stopped: it may have read on since it was seen.
      reached = readOffset(of: file.path, in: pid) ?? reached
    }
    do {
      try change(reached)
      kill(pid, SIGCONT)
    } catch {
      kill(pid, SIGCONT)
      throw error
    }
    // The outline of a collapsed document is short: neither pipe fills up.
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complaints = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RawCommandResult(
      output: printed, errors: complaints, status: process.terminationStatus, signaled: false)
  }

  /// Whether process `pid` is stopped by a signal, as its state in /proc says.
  private func isStopped(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    // The state follows the command's name in parentheses: `pid (name) T …`.
    return stat[end...].dropFirst(2).first == "T"
  }

  /// How far process `pid` has read the file at `path`, once it has read some of it.
  private func readOffset(of path: String, in pid: Int32) -> Int? {
    let folder = "/proc/\(pid)/fd"
    for descriptor in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      guard
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)"))
          == path,
        let info = try? String(
          contentsOfFile: "/proc/\(pid)/fdinfo/\(descriptor)", encoding: .utf8),
        let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") }),
        let offset = Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces)), offset > 0
      else { continue }
      return offset
    }
    return nil
  }

  @Test("a pipe whose writer dies: Markdown shown up to there (status 0), JSON an error (1)")
  func writerDies() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let markdown = try runScript(
      "( printf '# A\\ntext\\n'; kill -9 $BASHPID ) | \"$0\"; echo \"status ${PIPESTATUS[1]}\"",
      in: folder)
    #expect(markdown == CommandResult(output: "▾ A\n  text\nstatus 0\n", errors: "", status: 0))
    let json = try runScript(
      "( printf '{\"a\": [1, 2'; kill -9 $BASHPID ) | \"$0\" -f json; echo \"status ${PIPESTATUS[1]}\"",
      in: folder)
    #expect(json.output == "status 1\n")
    #expect(
      json.errors
        == "collapse: stdin:1:12: unexpected end of input; expected ']' to close an array\n")
  }

  @Test("standard output closed: a write error, status 1")
  func closedOutput() throws {
    let result = try runScript(
      "\"$0\" Samples/oceans.md >&-; echo \"status $?\" >&2", in: packageRoot)
    #expect(result.errors == "collapse: write error: bad file descriptor\nstatus 1\n")
  }

  @Test("standard output and error both closed: status 1, and nothing written anywhere")
  func closedOutputAndErrors() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Were /dev/null put in place of standard error first, it would take descriptor 1 and
    // the output would go there with status 0.
    let result = try runScript(
      "\"$0\" Samples/oceans.md >&- 2>&-; echo \"status $?\"", in: packageRoot)
    #expect(result.output == "status 1\n")
    #expect(result.errors == "")
  }

  @Test("SIGQUIT ends collapse by that signal, status 131, without a crash report")
  func quitSignal() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try bigDocument(in: folder, megabytes: 2)
    let script = """
      rm -f out && mkfifo out
      set -m
      python3 -c "$unblocked" "$0" big.md > out 2> errors & pid=$!
      exec 3<out
      dd bs=1000 count=10 iflag=fullblock status=none <&3 > /dev/null
      kill -QUIT $pid
      cat <&3 > /dev/null
      wait $pid
      echo "status $?"
      cat errors
      """
    // The test runner blocks SIGQUIT, and its children inherit that; a shell does not. A
    // background job of a script starts with SIGQUIT ignored, which collapse keeps: the
    // job runs with job control on, as in a terminal.
    let unblock =
      "unblocked='import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
      + "os.execv(sys.argv[1], sys.argv[1:])'\n"
    let result = try runScript("ulimit -c 0\n" + unblock + script, in: folder)
    #expect(result.output == "status 131\n", "\(result.errors)")
  }

  @Test("standard input closed: a read error for stdin, the files still shown, status 1")
  func closedInput() throws {
    let result = try runScript(
      "\"$0\" - Samples/vehicles.md --outline <&-; echo \"status $?\" >&2", in: packageRoot)
    #expect(result.output == "▾ Samples/vehicles.md\n  ▾ Vehicles\n")
    #expect(result.errors == "collapse: stdin: bad file descriptor\nstatus 1\n")
  }

  @Test("a full disk, in every output format: a write error, status 1")
  func fullDisk() throws {
    for arguments in [["-t", "html"], ["-s", "-t", "html"], ["-t", "markdown"], ["-t", "json"]] {
      let result = try runScript(
        "\"$0\" \(arguments.joined(separator: " ")) Samples/oceans.md > /dev/full", in: packageRoot)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.errors == "collapse: write error: no space left on device\n", "\(arguments)")
    }
  }

  @Test("SIGINT in the middle of the output: 'interrupted', and the end by that signal")
  func interrupted() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try bigDocument(in: folder, megabytes: 2)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["--default-signal=INT", collapseBinary.path, file.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Once some output has come, collapse is blocked writing into the full pipe.
    let first = try output.fileHandleForReading.read(upToCount: 1 << 16) ?? Data()
    #expect(!first.isEmpty)
    kill(process.processIdentifier, SIGINT)
    let rest = output.fileHandleForReading.readDataToEndOfFile()
    let complaints = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGINT)
    #expect(String(decoding: complaints, as: UTF8.self) == "collapse: interrupted\n")
    // What came out is only the start of 2.3 MB.
    #expect(first.count + rest.count < 1 << 20)
  }

  @Test("SIGINT in a shell: status 130; ignored when the script's background job ignores it")
  func interruptedInAShell() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try bigDocument(in: folder, megabytes: 2)
    let full = try runScript("\"$0\" big.md | wc -c", in: folder).output
    // With job control the background job gets SIGINT as a foreground one would. dd
    // reads exactly the bytes it is asked for, so that none are lost from the pipe.
    let script = """
      rm -f out && mkfifo out
      set -m
      "$0" big.md > out 2> errors & pid=$!
      exec 3<out
      dd bs=1000 count=100 iflag=fullblock status=none <&3 > /dev/null
      kill -INT $pid
      rest=$(wc -c <&3)
      wait $pid
      echo "status $? $((rest + 100000))"
      cat errors
      """
    let interrupted = try runScript(script, in: folder)
    let lines = interrupted.output.split(separator: "\n")
    #expect(lines.first?.hasPrefix("status 130 ") == true, "\(interrupted.output)")
    #expect(lines.dropFirst() == ["collapse: interrupted"])
    // Without job control, bash starts background jobs with SIGINT ignored: collapse
    // goes on to the end.
    let ignored = try runScript(script.replacing("set -m\n", with: ""), in: folder)
    let total = full.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(ignored.output == "status 0 \(total)\n")
    #expect(ignored.errors == "")
  }
}
