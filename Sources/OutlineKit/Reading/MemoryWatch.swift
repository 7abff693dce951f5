/// The memory reading a document has taken, looked at against what was left when it
/// began: a document can take ten times the memory of another of its size (a section on
/// every line, JSON of small records), and an allocation that fails ends the program, so
/// a reader stops with a message before then.
public struct MemoryWatch: Sendable {
  /// The memory left when reading began.
  let memory: MemoryLimit
  /// What the limit counted when reading began.
  let startUsage: Int
  /// Whether the bytes counted are those gzip data inflates to.
  var isInflated = false

  /// A watch from now, or nil when the limit cannot say what it counts.
  init?(memory: MemoryLimit) {
    guard let usage = memory.usage() else { return nil }
    self.memory = memory
    startUsage = usage
  }

  /// Throws when the memory taken since reading began, `bytes` into a document of
  /// `format`, grown to what finishing and writing it take, would pass what was left.
  /// `whole` is the document's size, when all of it has arrived.
  func check(_ bytes: Int, _ format: InputFormat, whole: Int? = nil) throws(LoadError) {
    guard let now = memory.usage() else { return }
    let taken = Double(max(0, now - startUsage))
    let needed = Int(taken * format.memoryGrowth) + InputFormat.memoryBeyondInput
    guard needed > memory.bytes else { return }
    // What could be read in the memory left, at the rate seen so far.
    let largest = Int(Double(bytes) * Double(memory.bytes) / Double(max(1, needed)))
    throw .tooLarge(
      InputTooLarge(
        bytes: whole ?? bytes, isWhole: whole != nil, format: format,
        largest: min(bytes, largest), memory: memory, isRepaired: false,
        isInflated: isInflated))
  }
}
