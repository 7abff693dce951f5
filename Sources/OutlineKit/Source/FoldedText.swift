/// Text gathered piece by piece with its white space folded as it comes; a reader
/// gathers every title of a document in one.
///
/// Two tricks make it fast, each with the switch that builds it the plain way
/// (bench/tricks.md says what each gains): the text is kept in storage of its own,
/// reused from title to title, instead of a String (`-DPLAIN_FOLDED_STORAGE`), and white
/// space is found on the bytes instead of by each scalar's Unicode properties
/// (`-DPLAIN_FOLDED_SCALARS`).
final class FoldedText {
  #if !PLAIN_FOLDED_STORAGE
    private var storage: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
  #else
    private var text = ""
  #endif
  private var pendingSpace = false

  init(capacity: Int) {
    #if !PLAIN_FOLDED_STORAGE
      storage = .allocate(capacity: max(16, capacity))
    #endif
  }

  #if !PLAIN_FOLDED_STORAGE
    deinit {
      storage.deallocate()
    }
  #endif

  /// Appends valid UTF-8.
  func append(_ piece: UnsafeBufferPointer<UInt8>) {
    #if !PLAIN_FOLDED_SCALARS && !PLAIN_FOLDED_STORAGE
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
    #elseif !PLAIN_FOLDED_SCALARS
      var start = 0
      var index = 0
      while index < piece.count {
        let whiteSpace = whiteSpaceLength(piece, at: index)
        guard whiteSpace > 0 else {
          if pendingSpace {
            text += " "
            pendingSpace = false
          }
          index += 1
          continue
        }
        text += String(decoding: UnsafeBufferPointer(rebasing: piece[start..<index]), as: UTF8.self)
        pendingSpace = !text.isEmpty
        index += whiteSpace
        start = index
      }
      text += String(decoding: UnsafeBufferPointer(rebasing: piece[start...]), as: UTF8.self)
    #else
      for scalar in String(decoding: piece, as: UTF8.self).unicodeScalars {
        if scalar.properties.isWhitespace {
          pendingSpace = !isEmpty
          continue
        }
        if pendingSpace {
          appendScalar(" ")
          pendingSpace = false
        }
        appendScalar(scalar)
      }
    #endif
  }

  /// Empties the text, keeping its storage.
  func removeAll() {
    #if !PLAIN_FOLDED_STORAGE
      count = 0
    #else
      text = ""
    #endif
    pendingSpace = false
  }

  /// Appends white space.
  func appendSpace() {
    pendingSpace = !isEmpty
  }

  #if !PLAIN_FOLDED_STORAGE
    var string: String { String(decoding: storage[..<count], as: UTF8.self) }

    private var isEmpty: Bool { count == 0 }

    /// Makes room for `capacity` bytes in all.
    private func reserve(_ capacity: Int) {
      guard capacity > storage.count else { return }
      let larger = UnsafeMutableBufferPointer<UInt8>.allocate(
        capacity: max(capacity, storage.count * 2))
      _ = larger.initialize(fromContentsOf: storage[..<count])
      storage.deallocate()
      storage = larger
    }
  #else
    var string: String { text }

    private var isEmpty: Bool { text.isEmpty }
  #endif

  #if PLAIN_FOLDED_SCALARS
    private func appendScalar(_ scalar: Unicode.Scalar) {
      #if !PLAIN_FOLDED_STORAGE
        let utf8 = String(scalar).utf8
        reserve(count + utf8.count)
        for byte in utf8 {
          storage[count] = byte
          count += 1
        }
      #else
        text.unicodeScalars.append(scalar)
      #endif
    }
  #endif
}
