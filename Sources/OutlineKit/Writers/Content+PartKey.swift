extension Content {
  /// The part this run is of an output.
  var partKey: PartKey {
    switch body {
    case .markdown(let blocks):
      return PartKey(source: ObjectIdentifier(blocks.document), start: blocks.container)
    case .members(let members):
      return PartKey(source: ObjectIdentifier(members.store), start: members.startIndex)
    case .source(let source):
      return PartKey(source: ObjectIdentifier(source.document), start: source.lines.lowerBound)
    case .preformatted(let block):
      return PartKey(source: ObjectIdentifier(block.store), start: block.range.lowerBound)
    case .totals(let totals):
      return PartKey(
        source: ObjectIdentifier(totals.members.store), start: totals.members.startIndex)
    }
  }
}
