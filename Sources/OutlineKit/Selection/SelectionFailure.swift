/// Every NAME of a request that could not be resolved.
public struct SelectionFailure: Error, Equatable, Sendable {
  public let errors: [SelectionError]
}

extension SelectionFailure {
  /// Whether no NAME after these is to be looked at (`SelectionError.endsCommand`).
  var endsCommand: Bool { errors.contains(where: \.endsCommand) }
}
