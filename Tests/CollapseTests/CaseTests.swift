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

  @Test("the case files hold cases")
  func thereAreCases() {
    #expect(Case.all().count >= 20)
  }
}
