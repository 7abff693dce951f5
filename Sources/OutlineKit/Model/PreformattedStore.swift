/// The lines of many preformatted blocks back to back in one buffer, as a test report
/// holds a message, a stack or an output for nearly every test: a block costs its bytes
/// and four more a line, with no string or array of its own.
///
/// Filled by the one reader that builds an outline, then only read: the outline and the
/// threads it is handed to read it after its last line is added.
final class PreformattedStore: @unchecked Sendable {
  /// The lines' bytes, without their line ends.
  private(set) var bytes: [UInt8] = []
  /// Where each line ends in `bytes`; it starts where the one before it ends.
  private(set) var lineEnds: [UInt32] = []
  /// The styled runs of the lines that have them, by their indexes: the colours a
  /// program wrote for a terminal, whose escape sequences are not in `bytes`.
  private(set) var styles: [Int: [ANSIText.Run]] = [:]

  /// Makes room for `count` bytes of text, and the lines they may hold.
  func reserveCapacity(bytes count: Int) {
    bytes.reserveCapacity(min(count, Int(UInt32.max)))
    lineEnds.reserveCapacity(count / 16)
  }

  /// Adds the lines of `text`, split at `\n`, `\r\n` and `\r` (a line end at its very end
  /// ends its last line), and returns their indexes; nil when the store is full (4 GiB).
  func add(_ text: String) -> Range<Int>? {
    var text = text
    return text.withUTF8 { add($0) }
  }

  /// Adds the lines of UTF-8 `text`, as `add(_:)` does; escape sequences in it are read as
  /// a terminal would (`ANSIText`): its colours kept in `styles`, the rest left out.
  func add(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard bytes.count + text.count < Int(UInt32.max) else { return nil }
    let first = lineEnds.count
    // Most blocks have no escape sequence, and their lines are copied as they are.
    var reader: ANSIText? = ANSIText.hasEscape(text) ? ANSIText() : nil
    func addLine(_ line: Slice<UnsafeBufferPointer<UInt8>>) {
      if var colours = reader, ANSIText.hasEscape(line) || colours.isStyled {
        let (plain, runs) = colours.read(line)
        reader = colours
        bytes.append(contentsOf: plain.utf8)
        if !runs.isEmpty { styles[lineEnds.count] = runs }
      } else {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line))
      }
      lineEnds.append(UInt32(bytes.count))
    }
    var start = 0
    var index = 0
    while index < text.count {
      let byte = text[index]
      guard byte == 0x0A || byte == 0x0D else {
        index += 1
        continue
      }
      addLine(text[start..<index])
      index += 1
      // `\r\n` is one line end.
      if byte == 0x0D, index < text.count, text[index] == 0x0A { index += 1 }
      start = index
    }
    if start < text.count { addLine(text[start..<text.count]) }
    return first..<lineEnds.count
  }

  /// `text` as a block whose lines are kept here, or on its own when this store is full.
  func block(_ text: String) -> Preformatted {
    guard let lines = add(text) else { return Preformatted(text) }
    return Preformatted(store: self, lines: lines)
  }

  /// Line `index`, without its line end.
  func line(_ index: Int) -> String {
    let start = index == 0 ? 0 : Int(lineEnds[index - 1])
    let end = Int(lineEnds[index])
    return bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
    }
  }
}
