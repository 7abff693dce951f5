/// What a format's sniffer makes of a document's first bytes.
public enum SniffAnswer: Sendable, Equatable {
  /// The document is of this format: the formats after it are not asked.
  case claimed
  /// The document is not of this format, as far as its sniffer can tell: the next is asked.
  case declined
  /// Too little has arrived to tell: the guess waits for more.
  case undecided
}
