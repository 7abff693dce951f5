/// The members whose value titles an element of a sequence or a record of a stream, in
/// JSON, YAML and every structured format: the first of them an element has wins.
public struct TitleKeys: Equatable, Sendable, ExpressibleByArrayLiteral {
  /// The keys, the first found winning.
  public var keys: [String]

  /// The members that title an element unless told otherwise: first those by which CI
  /// tools' reports name a test or a change, as their users call them (jest's `fullName`,
  /// pytest-json-report's `nodeid`, a Terraform plan's `address`), then the usual `name`
  /// and `title`, then go test's `Test` and `Package`, ESLint's `filePath`, SARIF's and
  /// ESLint's `ruleId`, and last `id`.
  public static let standard = TitleKeys([
    "fullName", "nodeid", "address", "name", "title", "Test", "Package", "filePath", "ruleId",
    "id",
  ])

  public init(_ keys: [String]) {
    self.keys = keys
  }

  public init(arrayLiteral keys: String...) {
    self.keys = keys
  }

  /// `given` first, in their order, then the standard keys that are not among them.
  public init(preferring given: [String]) {
    keys = given + TitleKeys.standard.keys.filter { !given.contains($0) }
  }
}
