import Foundation
import Testing

/// NAMEs as people have them: Node API headings with commas, titles with slashes, OpenAPI
/// path keys and package.json export keys, run through the binary on the documents in
/// Tests/Documents.
@Suite("names people have")
struct NameTests {
  /// The titles (or keys) of the sections `arguments` leave expanded in `file`, each as a
  /// path from the top, and what collapse said on standard error.
  private func expanded(_ arguments: [String], in file: String) throws -> (
    paths: [String], errors: String
  ) {
    let result = try runBinary(["-t", "json"] + arguments + ["Tests/Documents/\(file)"])
    guard result.status == 0 else { return ([], result.errors) }
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    var paths: [String] = []
    var stack: [(node: [String: Any], path: String)] = [(root, "")]
    while let (node, path) = stack.popLast() {
      let children = node["children"] as? [[String: Any]] ?? []
      for child in children.reversed() {
        let title = child["title"] as? String ?? "?"
        let childPath = path.isEmpty ? title : path + " > " + title
        stack.append((child, childPath))
      }
      if node["expanded"] as? Bool == true { paths.append(path) }
    }
    return (paths, result.errors)
  }

  @Test("a title with commas or slashes is a NAME as it stands")
  func wholeTitles() throws {
    #expect(
      try expanded(["-e", "fs.chown(path, uid, gid, callback)"], in: "fs.md").paths == [
        "File system", "File system > Callback API",
        "File system > Callback API > fs.chown(path, uid, gid, callback)",
      ])
    #expect(
      try expanded(["-e", "build with a  specific ICU/Unix/macOS"], in: "fs.md").paths == [
        "File system", "File system > Build with a specific ICU/Unix/macOS",
      ])
    // Two such titles in one list: runs of parts that make a title are taken whole.
    #expect(
      try expanded(
        ["-e", "fs.chown(path, uid, gid, callback),fs.access(path[, mode], callback),Example"],
        in: "fs.md"
      ).paths == [
        "File system", "File system > Callback API",
        "File system > Callback API > fs.access(path[, mode], callback)",
        "File system > Callback API > fs.chown(path, uid, gid, callback)",
        "File system > Callback API > fs.readFileSync(path[, options])",
        "File system > Callback API > fs.readFileSync(path[, options]) > Example",
        "File system > Promises API",
        "File system > Promises API > fsPromises.readFile(path[, options])",
        "File system > Promises API > fsPromises.readFile(path[, options]) > Example",
      ])
    // A mistyped one is one NAME, with the title it was near.
    let typo = try expanded(["-e", "fs.chown(path, uid, gid, callbak)"], in: "fs.md")
    #expect(
      typo.errors
        == "collapse: no section matches 'fs.chown(path, uid, gid, callbak)'; did you mean 'fs.chown(path, uid, gid, callback)'?\n"
    )
  }

  @Test("when a whole title and a path or a list both read a NAME, the title wins")
  func bothReadings() throws {
    let source = "# A/B\n# A\n## B\n# C,D\n# C\n# D\n"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "collapse-both-\(UUID().uuidString).md")
    try Data(source.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    func open(_ arguments: [String]) throws -> String {
      try runBinary(arguments + ["--collapse-all", "--outline", file.path]).output
    }
    #expect(try open(["-e", "A/B"]) == "▾ A/B\n▸ A  (1 section)\n▸ C,D\n▸ C\n▸ D\n")
    #expect(try open(["-e", "\"A\"/\"B\""]) == "▸ A/B\n▾ A\n  ▾ B\n▸ C,D\n▸ C\n▸ D\n")
    #expect(try open(["-e", "A\\/B"]) == "▾ A/B\n▸ A  (1 section)\n▸ C,D\n▸ C\n▸ D\n")
    #expect(try open(["-e", "C,D"]) == "▸ A/B\n▸ A  (1 section)\n▾ C,D\n▸ C\n▸ D\n")
    #expect(try open(["-e", "C", "-e", "D"]) == "▸ A/B\n▸ A  (1 section)\n▸ C,D\n▾ C\n▾ D\n")
  }

  @Test("any key of an OpenAPI spec or a package.json is a step: quoted or escaped")
  func keysAsSteps() throws {
    let get = [
      "paths", "paths > /pets/{petId}", "paths > /pets/{petId} > get",
    ]
    #expect(try expanded(["-e", "paths/\"/pets/{petId}\"/get"], in: "petstore.json").paths == get)
    #expect(try expanded(["-e", "paths/\\/pets\\/{petId}/get"], in: "petstore.json").paths == get)
    // A key as it stands, slashes and all, is a NAME too.
    #expect(
      try expanded(["-e", "/pets/{petId}"], in: "petstore.json").paths == [
        "paths", "paths > /pets/{petId}",
      ])
    let health = ["paths", "paths > /health, live"]
    #expect(try expanded(["-e", "\"/health, live\""], in: "petstore.json").paths == health)
    #expect(try expanded(["-e", "\\/health\\, live"], in: "petstore.json").paths == health)
    // In a list, the quotes keep the comma in.
    #expect(
      try expanded(["-e", "\"/health, live\",components/schemas/Pet"], in: "petstore.json").paths
        == [
          "paths", "paths > /health, live", "components", "components > schemas",
          "components > schemas > Pet",
        ])
    #expect(
      try expanded(["-e", "exports/\"./feature\""], in: "package.json").paths == [
        "exports", "exports > ./feature",
      ])
    #expect(
      try expanded(["-e", "\"./feature/extra\""], in: "package.json").paths == [
        "exports", "exports > ./feature/extra",
      ])
    // A path that names nothing suggests the closest title to its last step.
    #expect(
      try expanded(["-e", "exports/\"./featur\""], in: "package.json").errors
        == "collapse: no section matches 'exports/\"./featur\"'; did you mean './feature'?\n")
  }

  @Test("NAME/** opens a whole subtree, and -c NAME/** closes one")
  func subtrees() throws {
    #expect(
      try expanded(["-e", "paths/\"/pets/{petId}\"/**"], in: "petstore.json").paths == [
        "paths", "paths > /pets/{petId}", "paths > /pets/{petId} > get",
        "paths > /pets/{petId} > get > parameters",
        "paths > /pets/{petId} > get > parameters > petId",
        "paths > /pets/{petId} > get > responses", "paths > /pets/{petId} > get > responses > 200",
        "paths > /pets/{petId} > get > responses > 404", "paths > /pets/{petId} > delete",
        "paths > /pets/{petId} > delete > responses",
        "paths > /pets/{petId} > delete > responses > 204",
      ])
    let closed = try expanded(["-c", "Callback API/**"], in: "fs.md").paths
    #expect(!closed.contains { $0.hasPrefix("File system > Callback API") })
    #expect(closed.contains("File system > Promises API > fsPromises.readFile(path[, options])"))
    #expect(
      try expanded(["-e", "Install/**/Linux"], in: "fs.md").errors
        == "collapse: 'Install/**/Linux': ** may only end a NAME, as in Install/**; write \"**\" for a title that is two asterisks\n"
    )
  }

  @Test("a title with slashes, written as it stands, may be followed by more steps")
  func titleWithSlashesThenSteps() throws {
    #expect(
      try expanded(["-e", "/pets/{petId}/get"], in: "petstore.json").paths == [
        "paths", "paths > /pets/{petId}", "paths > /pets/{petId} > get",
      ])
    #expect(
      try expanded(["-e", "File system/Build with a specific ICU/Unix/macOS"], in: "fs.md").paths
        == ["File system", "File system > Build with a specific ICU/Unix/macOS"])
    // #id is a step too.
    #expect(
      try expanded(["--collapse-all", "-e", "#promises-api/**"], in: "fs.md").paths == [
        "File system", "File system > Promises API",
        "File system > Promises API > fsPromises.readFile(path[, options])",
        "File system > Promises API > fsPromises.readFile(path[, options]) > Example",
      ])
  }

  @Test("a title with commas typed wrong is one NAME in the error, with the title it was near")
  func commaTitleTypo() throws {
    #expect(
      try expanded(["-e", "fs.chown(path, uid, gid)"], in: "fs.md").errors
        == "collapse: no section matches 'fs.chown(path, uid, gid)'; did you mean 'fs.chown(path, uid, gid, callback)'?\n"
    )
    // NAMEs listed without spaces are each their own.
    #expect(
      try expanded(["-e", "Exampel,Callback APU"], in: "fs.md").errors
        == "collapse: no section matches 'Exampel'; did you mean 'Example'?\ncollapse: no section matches 'Callback APU'; did you mean 'Callback API'?\n"
    )
  }

  @Test("did you mean prefers a title that starts with the NAME and ends a word there")
  func suggestionsByPrefix() throws {
    // fs.readFileSync(path[, options]) is shorter, and fsPromises.readFile holds it too.
    #expect(
      try expanded(["-e", "fs.readFile"], in: "fs.md").errors
        == "collapse: no section matches 'fs.readFile'; did you mean 'fs.readFile(path[, options], callback)'?\n"
    )
    #expect(
      try expanded(["-e", "readFileSync"], in: "fs.md").errors
        == "collapse: no section matches 'readFileSync'; did you mean 'fs.readFileSync(path[, options])'?\n"
    )
  }
}
