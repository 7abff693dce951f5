import Foundation
import OutlineKit
import Testing

/// The files `make install` puts under its PREFIX.
let installedFiles = [
  "bin/collapse", "share/man/man1/collapse.1", "share/bash-completion/completions/collapse",
  "share/zsh/site-functions/_collapse", "share/fish/vendor_completions.d/collapse.fish",
]

/// Every file under `folder`, as paths relative to it.
func filesUnder(_ folder: URL) -> [String] {
  let enumerator = FileManager.default.enumerator(atPath: folder.path)
  var files: [String] = []
  while let path = enumerator?.nextObject() as? String {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(
      atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory)
    if exists && !isDirectory.boolValue { files.append(path) }
  }
  return files.sorted()
}

@Suite("make install", .serialized)
struct InstallTests {
  /// Whether the release build and the manual are up to date, so that `make install` only
  /// copies: building would wait forever for SwiftPM's lock, which `swift test` holds.
  /// `make test` makes them before it runs the tests.
  static func builtForInstall() -> Bool {
    guard toolPath("make") != nil,
      let plan = try? runTool("make", ["-n", ".build/release/collapse", ".build/collapse.1"])
    else { return false }
    return plan.status == 0 && !plan.output.contains("build -c release")
      && !plan.output.contains("--to man")
  }

  static let notBuilt =
    "the release build or the manual is out of date; `make test` makes them first"

  @Test(
    "make run installs only the libraries collapse builds and runs with; make test installs the rest",
    .needs("make"))
  func runInstallsOnlyLibraries() throws {
    guard requireTool("make") else { return }
    // `make -n` prints the commands, with the packages each would install, and runs none.
    let run = try runTool("make", ["-n", "--no-print-directory", "run"])
    #expect(run.status == 0, "\(run.errors)")
    let installed = { (plan: String) in
      plan.split(separator: "\n").filter { $0.contains("for package in") }.flatMap {
        $0.split(separator: "for package in ").last?.split(separator: ";").first?
          .split(separator: " ").map(String.init) ?? []
      }
    }
    // The libraries that read each format, as its folder lists them, and those of the rest.
    let readers = InputFormat.registered.flatMap(\.definition.files.libraries)
    #expect(
      Set(installed(run.output))
        == Set(readers).union([
          "libutf8proc-dev", "libgumbo-dev", "zlib1g-dev", "libsource-highlight-dev",
          "libpcre2-dev", "libjs-highlight.js", "libsource-highlight-common",
        ]), "\(run.output)")
    let test = try runTool("make", ["-n", "--no-print-directory", "test-deps"])
    #expect(test.status == 0, "\(test.errors)")
    let forTests = Set(installed(test.output))
    for package in ["libcmark-gfm-dev", "cmark-gfm", "chromium", "tmux", "default-jre-headless"] {
      #expect(forTests.contains(package), "\(package)")
    }
  }

  @Test(
    "make install PREFIX=… puts the command, its manual and completions there; uninstall removes them",
    .needs("make", "cmark-gfm", "man"),
    .enabled(if: isCI || builtForInstall(), Comment(rawValue: notBuilt))
  )
  func installAndUninstall() throws {
    guard requireTool("make"), requireTool("cmark-gfm"), requireTool("man") else { return }
    guard InstallTests.builtForInstall() else {
      Issue.record(Comment(rawValue: InstallTests.notBuilt))
      return
    }
    let prefix = try temporaryFolder("collapse-prefix")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let install = try runTool("make", ["--no-print-directory", "install", "PREFIX=\(prefix.path)"])
    #expect(install.status == 0, "\(install.errors)")
    #expect(filesUnder(prefix) == installedFiles.sorted())

    let installed = prefix.appendingPathComponent("bin/collapse")
    #expect(FileManager.default.isExecutableFile(atPath: installed.path))
    let version = try runTool(installed.path, ["--version"])
    #expect(version.output.hasPrefix("collapse "))
    let tree = try runTool(installed.path, ["--depth=1", "--outline", "Samples/oceans.md"])
    #expect(
      tree.output
        == "▾ Oceans\n  ▸ Pacific  (4 sections, 5 lines)\n  ▸ Atlantic  (3 sections, 4 lines)\n"
        + "  ▸ Indian  (1 section, 2 lines)\n")

    for (source, target) in [
      ("completions/collapse.bash", "share/bash-completion/completions/collapse"),
      ("completions/_collapse", "share/zsh/site-functions/_collapse"),
      ("completions/collapse.fish", "share/fish/vendor_completions.d/collapse.fish"),
    ] {
      #expect(
        FileManager.default.contentsEqual(
          atPath: packageRoot.appendingPathComponent(source).path,
          andPath: prefix.appendingPathComponent(target).path), "\(target)")
    }

    // man finds the page by name under the prefix, as `man collapse` would once it is on
    // the MANPATH.
    var environment = testEnvironment
    environment["MANPATH"] = prefix.appendingPathComponent("share/man").path
    environment["MANWIDTH"] = "80"
    environment["MANPAGER"] = "cat"
    let manual = try runTool("man", ["collapse"], environment: environment)
    #expect(manual.status == 0, "\(manual.errors)")
    // man justifies its lines: spaces are compared as one.
    let words = manual.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("collapse - print Markdown, JSON, YAML or XML as an outline"))

    let uninstall = try runTool(
      "make", ["--no-print-directory", "uninstall", "PREFIX=\(prefix.path)"])
    #expect(uninstall.status == 0, "\(uninstall.errors)")
    #expect(filesUnder(prefix) == [])
  }

  @Test("uninstall removes only collapse's files from a shared prefix", .needs("make"))
  func uninstallLeavesOthers() throws {
    guard requireTool("make") else { return }
    let prefix = try temporaryFolder("collapse-prefix")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let neighbours = ["bin/other", "share/man/man1/other.1", "share/zsh/site-functions/_other"]
    for path in installedFiles + neighbours {
      let file = prefix.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("x".utf8).write(to: file)
    }
    let uninstall = try runTool(
      "make", ["--no-print-directory", "uninstall", "PREFIX=\(prefix.path)"])
    #expect(uninstall.status == 0)
    #expect(filesUnder(prefix) == neighbours.sorted())
  }
}
