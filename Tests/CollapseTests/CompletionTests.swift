import Foundation
import OutlineKit
import Testing

@testable import collapse

/// The completion files, as they are installed.
enum CompletionFile: String, CaseIterable {
  case bash = "completions/collapse.bash"
  case zsh = "completions/_collapse"
  case fish = "completions/collapse.fish"

  var url: URL { packageRoot.appendingPathComponent(rawValue) }

  var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

  /// The option names the file offers, `--long` and `-s`.
  var options: Set<String> {
    switch self {
    case .bash:
      // The words offered where an option is expected.
      let list = text.firstMatch(
        of: /compgen -W '([^']*)' -- "\$cur"\)\)\n    return\n  fi\n  compopt/)
      return Set(
        (list.map { String($0.1) } ?? "").split(whereSeparator: \.isWhitespace).map(String.init))
    case .zsh:
      // `{-f+,--from=}` and `'--ascii[`: a name followed by what _arguments reads after it.
      return Set(
        text.matches(of: /(?:^|[^\w-])(--?[a-zA-Z][a-z-]*)(?=[+=\[,}])/).map { String($0.1) })
    case .fish:
      let shorts = text.matches(of: /complete -c collapse(?: -s (\S))?(?: -l (\S+))?/)
      return Set(
        shorts.flatMap { match in
          [match.1.map { "-\($0)" }, match.2.map { "--\($0)" }].compactMap { $0 }
        })
    }
  }
}

/// The options whose values the completions offer, with those values.
let optionValues: [(long: String, short: String?, values: [String])] = [
  ("from", "f", InputFormat.names),
  ("to", "t", OutputFormat.names),
  ("color", nil, Options.When.allCases.map(\.rawValue)),
  ("render", nil, Options.When.allCases.map(\.rawValue)),
  ("hyperlinks", nil, Options.When.allCases.map(\.rawValue)),
]

@Suite("shell completions", .serialized)
struct CompletionTests {
  let everyOption = Set(
    optionTable.flatMap { spec in ["--" + spec.long] + (spec.short.map { ["-\($0)"] } ?? []) })

  @Test(
    "each completion file offers every option of the table, and no other",
    arguments: CompletionFile.allCases)
  func everyOption(_ file: CompletionFile) {
    #expect(file.options == everyOption, "\(file.rawValue)")
  }

  @Test("bash completes options, the values of --from, --to and --color, and files", .needs("bash"))
  func bash() throws {
    guard requireTool("bash") else { return }
    let script = """
      source \(shellQuoted(CompletionFile.bash.url.path))
      complete -p collapse
      t() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _collapse; echo "${COMPREPLY[*]}"; }
      t collapse --to ''
      t collapse -t ''
      t collapse --from ''
      t collapse -f ''
      t collapse --color ''
      t collapse --color = ''
      t collapse --color = al
      t collapse --to h
      t collapse --co
      t collapse -
      t collapse Samples/oce
      t collapse --expand ''
      t collapse --depth ''
      """
    let result = try runTool("bash", ["--norc", "--noprofile", "-c", script])
    #expect(result.errors == "")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let values = optionValues.map { $0.values.joined(separator: " ") }
    guard lines.count == 15 else {
      Issue.record("unexpected output: \(result.output)")
      return
    }
    #expect(
      lines[..<10]
        == [
          "complete -F _collapse collapse", values[1], values[1], values[0], values[0], values[2],
          values[2], "always", "html",
          "--collapse --collapse-matching --collapse-where --collapse-all --color",
        ])
    // `-` offers every option; files are offered where no option is expected, and nothing
    // where a free value is.
    #expect(
      lines[11].split(separator: " ").sorted() == ["Samples/oceans.json", "Samples/oceans.md"])
    #expect(lines[12...] == ["", "", ""])
    #expect(Set(lines[10].split(separator: " ").map(String.init)) == everyOption)
  }

  @Test("fish completes options, the values of --from, --to and --color", .needs("fish"))
  func fish() throws {
    guard requireTool("fish") else { return }
    func complete(_ line: String) throws -> [String] {
      let script =
        "source \(shellQuoted(CompletionFile.fish.url.path)); complete -C \(shellQuoted(line))"
      let result = try runTool("fish", ["--no-config", "-c", script])
      #expect(result.errors == "")
      return result.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        .sorted()
    }
    for (long, short, values) in optionValues {
      #expect(try complete("collapse --\(long) ") == values.sorted(), "--\(long)")
      #expect(try complete("collapse --\(long)=") == values.map { "--\(long)=\($0)" }.sorted())
      if let short { #expect(try complete("collapse -\(short) ") == values.sorted(), "-\(short)") }
    }
    #expect(
      try complete("collapse --co") == [
        "--collapse", "--collapse-all", "--collapse-matching", "--collapse-where", "--color",
      ])
    #expect(Set(try complete("collapse --")) == everyOption.filter { $0.hasPrefix("--") })
  }

  /// Starts an interactive zsh that loads the completion from its folder, types `line`
  /// and Tab, and returns the lines below the prompt once `done` holds for the screen.
  private func zsh(_ line: String, until done: @escaping (String) -> Bool) throws -> (
    prompt: String, listing: [String]
  ) {
    let home = try temporaryFolder("collapse-zsh")
    defer { try? FileManager.default.removeItem(at: home) }
    let zshrc = """
      fpath=(\(shellQuoted(packageRoot.appendingPathComponent("completions").path)) $fpath)
      autoload -Uz compinit && compinit -u -D
      PS1='zsh> '

      """
    try Data(zshrc.utf8).write(to: home.appendingPathComponent(".zshrc"))
    // Rows enough for zsh to list every option at once, without asking first.
    let window = try TmuxWindow(
      "ZDOTDIR=\(shellQuoted(home.path)) exec zsh -d -i", columns: 100, rows: 50, untilEnd: false)
    defer { window.close() }
    _ = try window.waitFor { $0.contains("zsh>") }
    // zsh may drop what is typed while it starts its line editor: type until it shows.
    let typed = "zsh> " + line.trimmingCharacters(in: .whitespaces)
    for _ in 0..<20 {
      try window.send("C-u", line)
      if try window.waitFor(seconds: 1, { $0.contains(typed) }).contains(typed) { break }
    }
    try window.send("Tab")
    let screen = try window.waitFor(done)
    let lines = screen.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    let prompt = lines.firstIndex { $0.hasPrefix("zsh>") } ?? 0
    return (lines[prompt], Array(lines[(prompt + 1)...]))
  }

  @Test(
    "zsh completes the values of --from, --to and --color", .needs("zsh", "tmux"),
    arguments: optionValues.indices)
  func zshValues(_ index: Int) throws {
    guard requireTool("zsh"), requireTool("tmux") else { return }
    let (long, short, values) = optionValues[index]
    for line in ["collapse --\(long) "] + (short.map { ["collapse -\($0) "] } ?? []) {
      let shown = try zsh(line) { screen in values.allSatisfy { screen.contains($0) } }
      // Values with a description are listed as `value value  -- description`.
      let words = shown.listing.flatMap { listed in
        (listed.components(separatedBy: " -- ").first ?? "").split(separator: " ").map(String.init)
      }
      #expect(words.sorted() == values.sorted(), "\(line)")
      if long == "from" {
        #expect(shown.listing.contains { $0.contains("commonmark") && $0.contains("strict") })
      }
    }
  }

  @Test(
    "zsh completes option names, and a unique prefix to the whole option", .needs("zsh", "tmux"))
  func zshOptions() throws {
    guard requireTool("zsh"), requireTool("tmux") else { return }
    let listed = try zsh("collapse --") { $0.contains("--width") }
    let names = listed.listing.compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(Set(names) == everyOption.filter { $0.hasPrefix("--") })
    let unique = try zsh("collapse --outl") { $0.contains("--outline") }
    #expect(unique.prompt == "zsh> collapse --outline")
  }
}
