import Foundation
import Testing

@testable import OutlineKit

/// The bundle the page's script is cut from, checked against highlight.js itself: node
/// runs the installed bundle and says which languages it registers, with their aliases and
/// the languages their modes embed, and the cut must have found the same. A bundle that
/// changes its shape (a minifier that writes the markers differently) fails here, not in a
/// reader's browser.
@Suite("The installed highlight.js bundle, cut where its languages are registered")
struct InstalledHighlightScriptTests {
  /// node, where the lint installs it.
  static let node = ["/usr/bin/node", "/usr/local/bin/node"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static let canRun = node != nil && HighlightScript.installed != nil

  /// Each language of the bundle as highlight.js registers it: its aliases, in lower case,
  /// and the sub-languages its modes name.
  private func registered() throws -> [String: (aliases: [String], embedded: Set<String>)] {
    let script = """
      const source = require("fs").readFileSync(process.argv[1], "utf8");
      const hljs = new Function(source + "\\nreturn hljs;")();
      const found = {};
      for (const name of hljs.listLanguages()) {
        const embedded = new Set();
        const seen = new Set();
        const pending = [hljs.getLanguage(name)];
        while (pending.length) {
          const mode = pending.pop();
          if (!mode || typeof mode !== "object" || seen.has(mode)) continue;
          seen.add(mode);
          if (mode.subLanguage) [].concat(mode.subLanguage).forEach((s) => embedded.add(s));
          for (const key of Object.keys(mode)) pending.push(mode[key]);
        }
        found[name] = {
          aliases: (hljs.getLanguage(name).aliases || []).map((a) => a.toLowerCase()),
          embedded: [...embedded],
        };
      }
      process.stdout.write(JSON.stringify(found));
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.node))
    process.arguments = ["-e", script, HighlightScript.debianBundle]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var languages: [String: (aliases: [String], embedded: Set<String>)] = [:]
    for (name, value) in object {
      let language = try #require(value as? [String: [String]])
      languages[name] = (language["aliases"] ?? [], Set(language["embedded"] ?? []))
    }
    return languages
  }

  /// Where the cut and highlight.js are known to differ, and why. julia-repl: its first
  /// `aliases:[` is a mode's, so code marked `jldoctest` brings it into a page, where
  /// highlight.js leaves that code plain (a wasted script, never a wrong colour). arduino:
  /// takes C++'s aliases from its definition when it runs, which no cut can see; code
  /// marked `c` brings C++ in.
  static let knownDifferences: [String: (cutOnly: [String], highlightJSOnly: [String])] = [
    "julia-repl": (["jldoctest"], []),
    "arduino": ([], ["c", "cc", "h", "c++", "h++", "hpp", "hh", "hxx", "cxx"]),
  ]

  @Test(
    "each registration found is one highlight.js makes, with its aliases and embedded languages",
    .enabled(if: canRun, "needs node and Debian's libjs-highlight.js"))
  func cutAsHighlightJSReadsIt() throws {
    let bundle = try #require(HighlightScript.installed)
    let languages = try registered()
    #expect(languages.count > 100)
    #expect(Set(bundle.languages.map(\.name)) == Set(languages.keys))
    #expect(bundle.languages.count == languages.count)
    for language in bundle.languages {
      let known = try #require(languages[language.name])
      let names = Set(language.names)
      let aliases = Set([language.name.lowercased()] + known.aliases)
      let differences = Self.knownDifferences[language.name] ?? ([], [])
      #expect(names.subtracting(aliases) == Set(differences.cutOnly), "\(language.name)")
      #expect(aliases.subtracting(names) == Set(differences.highlightJSOnly), "\(language.name)")
      // Every language a mode embeds comes with it into the page.
      #expect(known.embedded.isSubset(of: language.embedded), "\(language.name)")
      #expect(bundle.language(named: language.name) == language.name)
    }
  }
}
