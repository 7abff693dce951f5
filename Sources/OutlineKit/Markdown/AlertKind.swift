/// The kinds of GitHub's alerts, by the word in their marker (`[!NOTE]`), in the order
/// GitHub lists them.
enum AlertKind: CaseIterable, Sendable {
  case note, tip, important, warning, caution

  /// The kind whose marker word is `word`, in capitals (`NOTE`); nil for any other word.
  init?(marker word: some StringProtocol) {
    guard let kind = AlertKind.allCases.first(where: { $0.marker == word }) else { return nil }
    self = kind
  }

  /// The word in its marker, `[!NOTE]`.
  var marker: String {
    switch self {
    case .note: "NOTE"
    case .tip: "TIP"
    case .important: "IMPORTANT"
    case .warning: "WARNING"
    case .caution: "CAUTION"
    }
  }

  /// The title GitHub shows above it, `Note`.
  var title: String {
    switch self {
    case .note: "Note"
    case .tip: "Tip"
    case .important: "Important"
    case .warning: "Warning"
    case .caution: "Caution"
    }
  }

  /// The colour of its bar and title, GitHub's: blue, green, purple, yellow, red.
  var color: TextStyle.Color {
    switch self {
    case .note: .blue
    case .tip: .green
    case .important: .magenta
    case .warning: .yellow
    case .caution: .red
    }
  }
}
