/// Where a part of an output comes from that is the same wherever it stands and whatever
/// is cut around it: a content run (by the document or JSON values it belongs to, and
/// where it starts there), or a section's title (by the section's index, and for a
/// summary that tells what a closed section hides, whether it is open). Writers name
/// their parts so, and a stream that counts bytes measures each part once.
public struct PartKey: Hashable, Sendable {
  let source: ObjectIdentifier?
  let start: Int
  var variant = 0

  static func title(_ index: Int) -> PartKey { PartKey(source: nil, start: index) }

  static func summary(_ index: Int, open: Bool) -> PartKey {
    PartKey(source: nil, start: index, variant: open ? 1 : 2)
  }
}
