import Testing

@testable import collapse

@Suite("other tools' names for options")
struct OptionSuggestionTests {
  @Test("each names an option of the table, with a value where that option takes one")
  func namesRealOptions() {
    for other in otherSpellings {
      let long = other.option.dropFirst(2).prefix { $0 != "=" }
      let spec = optionTable.first { $0.long == long }
      #expect(spec != nil, "\(other.option)")
      // --color=never carries its value; the others take the one given after the name.
      #expect((spec?.value != nil) == (other.takesValue || other.option.contains("=")))
      for name in other.names {
        #expect(!optionTable.contains { $0.long == name }, "\(name) is an option already")
      }
    }
  }

  @Test("the suggestion takes the value given after the name, or in it")
  func withValue() throws {
    for arguments in [["--format", "json", "a.md"], ["--format=json", "a.md"]] {
      #expect(
        try runInProcess(arguments)
          == CommandResult(
            output: "",
            errors: "collapse: unknown option '--format'; did you mean: --to json (-t json)\n",
            status: 2))
    }
    // A next argument that is an option is not its value.
    #expect(
      try runInProcess(["--where", "--depth", "1"]).errors
        == "collapse: unknown option '--where'; did you mean '--expand-where'?\n")
  }
}
