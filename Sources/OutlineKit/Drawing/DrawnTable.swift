/// A table drawn with box-drawing lines (or ASCII): each column as wide as its widest
/// cell when the table fits, else narrowed so that it fits, the widest columns first,
/// with the cells that no longer fit on a line wrapped within their column.
struct DrawnTable {
  /// The cells of each row, header rows first.
  var rows: [[InlineText]] = []
  /// How many of the rows are header rows, drawn bold and ruled off.
  var headerRows = 0
  /// Each column's alignment; columns past its end are left-aligned.
  var alignments: [DrawnLines.Alignment] = []

  /// The columns the table has: its widest row's.
  var columnCount: Int { max(rows.map(\.count).max() ?? 0, 0) }

  /// The table's lines, fitted within `width` columns where that leaves each column one.
  func lines(width: Int?, ascii: Bool) -> [DrawnLine] {
    let count = columnCount
    guard count > 0 else { return [] }
    let cells = rows.enumerated().map { index, row in
      (0..<count).map { column in
        var text = column < row.count ? row[column] : InlineText()
        if index < headerRows { text = text.restyled { $0.bold = true } }
        return text
      }
    }
    // Each cell on one line, as it is when its column is as wide as its widest cell.
    let oneLine = cells.map { row in row.map { $0.lines(width: nil) } }
    let natural = (0..<count).map { column in
      max(oneLine.map { $0[column].map(\.columns).max() ?? 0 }.max() ?? 0, 1)
    }
    // A bar before each column, a space either side of its text, and a bar at the end.
    let frame = 3 * count + 1
    let widths = DrawnTable.fit(natural, within: width.map { $0 - frame })

    let rule = TextStyle.annotation
    let bars = ascii ? Bars.ascii : Bars.boxDrawing
    var lines: [DrawnLine] = []
    lines.append(DrawnTable.border(widths, bars.top, bars.horizontal, rule))
    // Once any cell wraps, rows are ruled off from each other so that each reads whole.
    var laidOut: [[[DrawnLine]]] = []
    var wraps = false
    for (index, row) in cells.enumerated() {
      let cellLines = row.indices.map { column in
        widths[column] >= natural[column]
          ? oneLine[index][column] : row[column].lines(width: widths[column])
      }
      if index >= headerRows && cellLines.contains(where: { $0.count > 1 }) { wraps = true }
      laidOut.append(cellLines)
    }
    for (index, cellLines) in laidOut.enumerated() {
      if index > 0 && (index == headerRows || (wraps && index > headerRows)) {
        lines.append(DrawnTable.border(widths, bars.middle, bars.horizontal, rule))
      }
      let height = cellLines.map(\.count).max() ?? 1
      for lineIndex in 0..<height {
        var line = DrawnLine()
        for column in 0..<count {
          line.append(column == 0 ? bars.opening : bars.between, rule, columns: column == 0 ? 2 : 3)
          let text =
            lineIndex < cellLines[column].count ? cellLines[column][lineIndex] : DrawnLine()
          let room = max(widths[column] - text.columns, 0)
          let alignment = column < alignments.count ? alignments[column] : .left
          let before = alignment == .right ? room : alignment == .center ? room / 2 : 0
          line.pad(before)
          line.append(text)
          line.pad(room - before)
        }
        line.append(bars.closing, rule, columns: 2)
        lines.append(line)
      }
    }
    lines.append(DrawnTable.border(widths, bars.bottom, bars.horizontal, rule))
    return lines
  }

  /// Column widths from the widths that would show each column on one line: those, when
  /// they sum to no more than `room`; else each is at most a cap, the largest that fits,
  /// and the columns at the cap share what is left over. Every column gets one at least.
  static func fit(_ natural: [Int], within room: Int?) -> [Int] {
    guard let room, natural.reduce(0, +) > room else { return natural }
    let space = max(room, natural.count)
    // The largest cap whose capped widths fit.
    var low = 1
    var high = natural.max() ?? 1
    while low < high {
      let middle = (low + high + 1) / 2
      if natural.reduce(0, { $0 + min($1, middle) }) <= space {
        low = middle
      } else {
        high = middle - 1
      }
    }
    var widths = natural.map { min($0, low) }
    var left = space - widths.reduce(0, +)
    for index in widths.indices where left > 0 && natural[index] > widths[index] {
      widths[index] += 1
      left -= 1
    }
    return widths
  }

  /// The characters a table is drawn with.
  private struct Bars {
    let horizontal: String
    let vertical: String
    /// The left, middle and right joints of the top border, of a rule between rows, and
    /// of the bottom border.
    let top: (String, String, String)
    let middle: (String, String, String)
    let bottom: (String, String, String)

    /// A row's bars with the spaces beside them: before the first cell, between two, and
    /// after the last.
    var opening: String { vertical + " " }
    var between: String { " " + vertical + " " }
    var closing: String { " " + vertical }

    static let boxDrawing = Bars(
      horizontal: "─", vertical: "│", top: ("┌", "┬", "┐"), middle: ("├", "┼", "┤"),
      bottom: ("└", "┴", "┘"))
    static let ascii = Bars(
      horizontal: "-", vertical: "|", top: ("+", "+", "+"), middle: ("+", "+", "+"),
      bottom: ("+", "+", "+"))
  }

  private static func border(
    _ widths: [Int], _ joints: (String, String, String), _ horizontal: String, _ style: TextStyle
  ) -> DrawnLine {
    var text = joints.0
    for (index, width) in widths.enumerated() {
      if index > 0 { text += joints.1 }
      text += String(repeating: horizontal, count: width + 2)
    }
    var line = DrawnLine()
    line.append(text + joints.2, style, columns: widths.reduce(1, { $0 + $1 + 3 }))
    return line
  }
}
