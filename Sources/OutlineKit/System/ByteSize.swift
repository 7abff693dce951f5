/// Sizes as messages give them.
enum ByteSize {
  /// A byte count in binary units: `512 bytes`, `12.3 KiB`, `4.0 GiB`.
  static func written(_ bytes: Int) -> String {
    if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(bytes) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = Int((value * 10).rounded(.down))
    let whole = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    return "\(whole) \(units[unit])"
  }
}
