import Foundation
import Testing

@testable import collapse

@Suite("-o FILE, and what the command says when it has nothing to read")
struct OutputFileTests {
  /// The names in `folder`, sorted.
  private func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test("-o writes the output to FILE, as standard output would have it, and nothing else")
  func writes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# A\ntext\n## B\nmore\n".utf8).write(to: folder.appendingPathComponent("a.md"))
    let printed = try runBinary(["-t", "html", "a.md"], directory: folder)
    let written = try runBinary(["-t", "html", "-o", "out.html", "a.md"], directory: folder)
    #expect(written == CommandResult(output: "", errors: "", status: 0))
    let file = try String(
      contentsOf: folder.appendingPathComponent("out.html"), encoding: .utf8)
    #expect(file == printed.output)
    #expect(
      file.contains("<details id=\"b\" open><summary>B <span class=\"hidden\">(1 line)</span>"))
    // --output=FILE is the same; - is standard output.
    #expect(try runBinary(["--output=long.html", "-thtml", "a.md"], directory: folder).status == 0)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("long.html")) == Data(printed.output.utf8))
    #expect(try runBinary(["-o", "-", "-t", "html", "a.md"], directory: folder) == printed)
    #expect(try names(in: folder) == ["a.md", "long.html", "out.html"])
  }

  @Test("a run that fails leaves FILE as it was and no new file beside it")
  func failedRunKeepsTheFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# A\ntext\n".utf8).write(to: folder.appendingPathComponent("a.md"))
    try Data("{\"a\": [1,\n".utf8).write(to: folder.appendingPathComponent("broken.json"))
    let out = folder.appendingPathComponent("out.txt")
    try Data("the last good run\n".utf8).write(to: out)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: out.path)
    // An unreadable input: status 1, the others would be shown, but not in FILE.
    let missing = try runBinary(["-o", "out.txt", "a.md", "missing.md"], directory: folder)
    #expect(missing.status == 1)
    #expect(missing.errors.contains("missing.md"))
    #expect(missing.output == "")
    // A parse error, and a NAME that matches nothing (status 2).
    #expect(try runBinary(["-o", "out.txt", "broken.json"], directory: folder).status == 1)
    #expect(
      try runBinary(["-o", "out.txt", "-e", "Nowhere", "a.md"], directory: folder).status == 2)
    #expect(try String(contentsOf: out, encoding: .utf8) == "the last good run\n")
    #expect(try names(in: folder) == ["a.md", "broken.json", "out.txt"])
    // A run that succeeds replaces it whole, keeping its permissions.
    #expect(try runBinary(["-o", "out.txt", "a.md"], directory: folder).status == 0)
    #expect(try String(contentsOf: out, encoding: .utf8) == "▾ A\n  text\n")
    let permissions = try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions]
    #expect(permissions as? Int == 0o640)
    #expect(try names(in: folder) == ["a.md", "broken.json", "out.txt"])
  }

  @Test("a FILE that cannot be written is an error with status 1, said before reading")
  func unwritable() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# A\n".utf8).write(to: folder.appendingPathComponent("a.md"))
    #expect(
      try runBinary(["-o", "no/such/folder/out.txt", "a.md"], directory: folder)
        == CommandResult(
          output: "",
          errors: "collapse: write error: no/such/folder/out.txt: no such file or directory\n",
          status: 1))
    #expect(
      try runBinary(["-o", ".", "a.md"], directory: folder)
        == CommandResult(
          output: "", errors: "collapse: write error: .: is a directory\n", status: 1))
    // A device is written in place: /dev/full fails as standard output would.
    #expect(
      try runBinary(["-o", "/dev/full", "a.md"], directory: folder)
        == CommandResult(
          output: "", errors: "collapse: write error: /dev/full: no space left on device\n",
          status: 1))
    #expect(try names(in: folder) == ["a.md"])
  }

  @Test("SIGINT while reading: FILE as it was, and the new file beside it removed")
  func interrupted() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // collapse makes its new file before it opens its input; the script's open of the
    // named pipe returns once collapse has opened the other end, so the new file is there
    // when SIGINT comes, and collapse is waiting for its input.
    let script = """
      mkfifo in
      echo 'the last good run' > out.txt
      set -m
      "$0" -o out.txt in 2> errors & pid=$!
      exec 3>in
      echo "while reading: $(ls -A | grep -c '^\\.out\\.txt\\.collapse-')"
      kill -INT $pid
      wait $pid
      echo "status $?"
      exec 3>&-
      ls -A
      cat out.txt errors
      """
    let result = try runScript(script, in: folder)
    #expect(
      result.output == """
        while reading: 1
        status 130
        errors
        in
        out.txt
        the last good run
        collapse: interrupted

        """)
  }

  @Test("SIGTERM and SIGHUP while reading remove the new file too", arguments: ["TERM", "HUP"])
  func terminated(_ name: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = """
      mkfifo in
      echo 'the last good run' > out.txt
      python3 -c "$unblocked" "$0" -o out.txt in & pid=$!
      exec 3>in
      echo "while reading: $(ls -A | grep -c '^\\.out\\.txt\\.collapse-')"
      kill -\(name) $pid
      wait $pid
      echo "status $?"
      exec 3>&-
      ls -A
      cat out.txt
      """
    // The test runner blocks SIGTERM and SIGHUP, and its children inherit that; a shell
    // does not.
    let unblock =
      "unblocked='import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
      + "os.execv(sys.argv[1], sys.argv[1:])'\n"
    let result = try runScript(unblock + script, in: folder)
    let status = 128 + (name == "TERM" ? SIGTERM : SIGHUP)
    #expect(
      result.output == """
        while reading: 1
        status \(status)
        in
        out.txt
        the last good run

        """)
  }

  @Test("-o goes with neither -i nor an empty name")
  func refused() throws {
    #expect(
      try runInProcess(["-i", "-o", "out.txt", "a.md"])
        == CommandResult(
          output: "",
          errors:
            "collapse: --interactive shows the outline in the terminal and prints its flags; it does not go with --output\n",
          status: 2))
    #expect(
      try runInProcess(["-o", ""])
        == CommandResult(
          output: "", errors: "collapse: invalid value '' for --output; expected a file name\n",
          status: 2))
  }

  @Test("with no FILE and a terminal on standard input, a short usage and status 2, no wait")
  func terminalOnStandardInput() throws {
    var controller: Int32 = -1
    var terminal: Int32 = -1
    try #require(openpty(&controller, &terminal, nil, nil, nil) == 0)
    defer { close(controller) }
    // ^D ends the terminal's input: a collapse that read it after all would end, with
    // status 0 and no message, and the test fail rather than wait.
    #expect(write(controller, "\u{4}", 1) == 1)
    let process = Process()
    process.executableURL = collapseBinary
    process.arguments = ["--depth", "1"]
    process.environment = testEnvironment
    process.standardInput = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(printed.isEmpty)
    #expect(said == shortUsage)
    #expect(said.hasPrefix("Usage: collapse [OPTIONS] FILE...\n"))
    #expect(said.contains("collapse --help"))
  }
}
