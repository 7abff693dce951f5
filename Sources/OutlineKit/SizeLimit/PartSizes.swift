/// The sizes of an output's parts, measured once while the whole output is counted, so
/// that counting it again with sections cut costs no rendering.
final class PartSizes {
  var known: [PartKey: Int] = [:]
  /// Whether every part has been measured: the whole output has been counted once.
  var complete = false
  /// How many times a part was made to be measured, over every count.
  private(set) var made = 0
  /// How many counts of the output were begun.
  private(set) var counts = 0

  func madeOne() { made += 1 }
  func countBegun() { counts += 1 }
}
