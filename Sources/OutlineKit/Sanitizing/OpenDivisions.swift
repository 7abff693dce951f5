import CGumbo

/// The `<div>` elements that a part of a document leaves open, at least one of them
/// aligned (`<div align="center">`), which hold the parts after it until an end tag
/// closes them: on GitHub, a README's centred opening holds its top heading, its logo and
/// its badges, though the heading starts a section here.
///
/// Only divisions carry on. A `<p align>` is closed by the heading after it, as a browser
/// closes it, and an alignment inside anything else (a table, a list, a `<details>`)
/// stays where it is.
struct OpenDivisions: Equatable {
  /// Each open division's alignment, the outermost first; nil for one without.
  private(set) var alignments: [String?] = []

  /// None.
  static let none = OpenDivisions()

  var isEmpty: Bool { alignments.isEmpty }

  /// The alignment what follows has: the innermost division's that has one.
  var alignment: String? { alignments.last { $0 != nil } ?? nil }

  /// The start tags that open the divisions again, before the HTML of a part they hold,
  /// so that its end tags close them as they did in the whole.
  var startTags: [UInt8] {
    var tags = ""
    for alignment in alignments {
      tags += alignment.map { "<div align=\"\($0)\">" } ?? "<div>"
    }
    return Array(tags.utf8)
  }

  /// The alignments a division may have that carry on, as a browser reads them: those a
  /// style sheet's `text-align` has, and `middle`, which centres a division too.
  private static let alignments: [String: String] = [
    "left": "left", "right": "right", "center": "center", "middle": "center",
    "justify": "justify",
  ]

  private static let probeID = "collapse-division-probe"

  /// The most divisions carried on: each part they hold is parsed with them opened again,
  /// so that a changelog whose every release leaves one open would take time and output
  /// growing with the square of its length. More left open carry none, and their end tags
  /// are then strays, as a part's own are.
  static let maximumCarried = 8

  /// The divisions open at the end of `html`, a part's HTML as cmark-gfm renders it with
  /// raw HTML kept and GitHub's tag filter, when it comes after the parts that left
  /// `carried` open; none when a parse fails. A probe after the HTML finds them: the
  /// elements it lands in are the ones still open, and they carry on only when all of
  /// them are divisions.
  static func leftOpen(by html: UnsafeRawBufferPointer, after carried: OpenDivisions)
    -> OpenDivisions
  {
    var bytes = carried.startTags
    bytes.append(contentsOf: html)
    bytes.append(contentsOf: "<div id=\"\(probeID)\"></div>".utf8)
    let fragment = bytes.withUnsafeBytes { GumboFragment($0, context: GUMBO_TAG_DIV) }
    guard let nodes = fragment.nodes, let probe = Self.probe(in: nodes),
      let root = nodes.first?.pointee.parent
    else { return .none }
    var found: [String?] = []
    var holder = probe.pointee.parent
    while let element = holder, element != root {
      guard element.pointee.type == GUMBO_NODE_ELEMENT,
        element.tag == GUMBO_TAG_DIV
      else { return .none }
      let align = element.attributes.last { $0.name == "align" }?.value
      let alignment = align.map { $0.trimmingCharacters(in: " ").lowercased() }
      found.append(alignment.flatMap { Self.alignments[$0] })
      holder = element.pointee.parent
    }
    guard found.contains(where: { $0 != nil }), found.count <= maximumCarried else { return .none }
    return OpenDivisions(alignments: found.reversed())
  }

  /// The probe, the last element of the fragment when it is there at all: a comment, a
  /// quoted value or raw text left open takes it in.
  private static func probe(in nodes: [UnsafeMutablePointer<GumboNode>])
    -> UnsafeMutablePointer<GumboNode>?
  {
    var last = nodes.last
    while let node = last, node.isElement {
      if node.tag == GUMBO_TAG_DIV,
        node.attributes.contains(where: { $0 == ("id", probeID) })
      {
        return node
      }
      last = node.children.last
    }
    return nil
  }
}
