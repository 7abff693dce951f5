#if !PLAIN_FOLDED
  /// Text gathered piece by piece with its white space folded as it comes, in storage it
  /// owns and frees; a reader gathers every title of a document in one. The version built
  /// with `-DPLAIN_FOLDED` gathers them in a String; bench/tricks.md says what it gains.
  final class FoldedText {
    private var storage: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var pendingSpace = false

    init(capacity: Int) {
      storage = .allocate(capacity: max(16, capacity))
    }

    deinit {
      storage.deallocate()
    }

    /// Appends valid UTF-8.
    func append(_ piece: UnsafeBufferPointer<UInt8>) {
      // Folding never lengthens a piece by more than the one space held over from before it.
      reserve(count + piece.count + 1)
      let folded = storage
      var length = count
      var index = 0
      while index < piece.count {
        let byte = piece[index]
        // Printable ASCII, most of any title, is never white space.
        if byte <= 0x20 || byte >= 0x80, case let whiteSpace = whiteSpaceLength(piece, at: index),
          whiteSpace > 0
        {
          pendingSpace = length > 0
          index += whiteSpace
          continue
        }
        if pendingSpace {
          folded[length] = 0x20
          length += 1
          pendingSpace = false
        }
        folded[length] = byte
        length += 1
        index += 1
      }
      count = length
    }

    /// Empties the text, keeping its storage.
    func removeAll() {
      count = 0
      pendingSpace = false
    }

    /// Appends white space.
    func appendSpace() {
      pendingSpace = count > 0
    }

    var string: String { String(decoding: storage[..<count], as: UTF8.self) }

    /// Makes room for `capacity` bytes in all.
    private func reserve(_ capacity: Int) {
      guard capacity > storage.count else { return }
      let larger = UnsafeMutableBufferPointer<UInt8>.allocate(
        capacity: max(capacity, storage.count * 2))
      _ = larger.initialize(fromContentsOf: storage[..<count])
      storage.deallocate()
      storage = larger
    }
  }
#else
  /// FoldedText as plain Swift would write it, for `make bench` to measure.
  final class FoldedText {
    private var text = ""
    private var pendingSpace = false

    init(capacity: Int) {}

    func append(_ piece: UnsafeBufferPointer<UInt8>) {
      for scalar in String(decoding: piece, as: UTF8.self).unicodeScalars {
        if scalar.properties.isWhitespace {
          pendingSpace = !text.isEmpty
          continue
        }
        if pendingSpace {
          text += " "
          pendingSpace = false
        }
        text.unicodeScalars.append(scalar)
      }
    }

    func removeAll() {
      text = ""
      pendingSpace = false
    }

    func appendSpace() {
      pendingSpace = !text.isEmpty
    }

    var string: String { text }
  }
#endif
