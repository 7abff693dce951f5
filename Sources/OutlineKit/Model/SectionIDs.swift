/// The ids of an outline's sections, made the first time they are asked for: a tree in
/// the terminal never shows them, and slugging every title is a good part of the cost
/// of reading a large document.
final class SectionIDs {
  private var made: [String]?

  /// The ids of `sections`, which must be the sections of the outline this belongs to.
  func ids(of sections: [Section]) -> [String] {
    if let made { return made }
    var slugger = Slugger(capacity: sections.count)
    // By index rather than by element, which would copy every section.
    let ids = sections.indices.map { slugger.slug(for: sections[$0].title) }
    made = ids
    return ids
  }
}
