import Testing

@Suite("cases")
struct CaseTests {
  @Test("every case file case, in process and through the binary", arguments: Case.all())
  func runCase(_ testCase: Case) throws {
    let result = try runBothWays(testCase.arguments, input: testCase.input)
    #expect(result.output == testCase.output)
    #expect(result.errors == testCase.errors)
    #expect(result.status == testCase.status)
  }

  @Test("every case file reads whole and holds cases; the count of each is printed")
  func thereAreCases() {
    let files = Case.files()
    #expect(files.count >= 5)
    for file in files {
      print("\(file.name): \(file.cases.count) cases")
      #expect(!file.cases.isEmpty, "\(file.name) holds no case")
      #expect(file.problems.isEmpty, "\(file.problems.joined(separator: "\n"))")
    }
  }

  @Test("a case file that cannot be read whole is a failure, not fewer cases")
  func unreadableCases() {
    let fence = Case.fence
    let cases = [
      "\(fence) case -e 'open\nx\n\(fence)\n", "\(fence) case exit=two\nx\n\(fence)\n",
      "\(fence) case\nx\n", "\(fence) case\nx\n\(fence) case\ny\n\(fence)\n", "\(fence) cse\nx\n",
      "\(fence) case\na\n.\nb\n.\nc\n.\nd\n\(fence)\n",
    ]
    for text in cases {
      var problems: [String] = []
      _ = Case.parse(text, file: "t.txt", problems: &problems)
      #expect(problems.count == 1, "\(text): \(problems)")
    }
  }
}
