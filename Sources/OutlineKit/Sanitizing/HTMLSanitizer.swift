import CGumbo

/// Makes a document's raw HTML safe to show, the way GitHub does: the HTML cmark-gfm
/// renders for a section, raw HTML and all, is parsed as a browser would parse it (by
/// gumbo), and written again keeping only what `HTMLAllowlist` allows. What is removed is
/// named in an HTML comment in its place.
///
/// Written again from the parsed tree, the output is balanced however the input was: an
/// element opened in one HTML block and closed in a later one keeps what came between,
/// one left open is closed, and a stray end tag is dropped, so that nothing can close or
/// swallow collapse's own `<details>` around the section.
struct HTMLSanitizer {
  /// Where the HTML goes.
  enum Place {
    /// A section's blocks.
    case blocks
    /// A title, inside `<summary>`: only what goes in a line of text.
    case title
    /// The footnotes after the document, in cmark-gfm's `<section class="footnotes">`.
    case notes
  }

  var place: Place
  /// Shows an image from another host as a placeholder instead, which links to it: the
  /// standalone page's policy would block it.
  var blocksRemoteImages = false
  /// With `blocksRemoteImages`, still shows those over https, which the page then loads.
  var loadsSecureRemoteImages = false

  /// Whether an image at `url` is shown as a placeholder rather than loaded.
  func blocksImage(at url: URLCheck) -> Bool {
    guard blocksRemoteImages, url.isRemote else { return false }
    return !(loadsSecureRemoteImages && url.scheme == "https")
  }
  /// Prefixes the document's ids with `user-content-`; markdown output leaves that to
  /// GitHub, which would prefix them again.
  var prefixesIDs = true
  /// Writes GitHub's emoji shortcodes in text as their emoji, as GitHub does in raw HTML
  /// too, except in `pre`, `code` and `tt`.
  var showsEmoji = true
  /// The `data:` URL for a relative image source, when images are embedded; nil when the
  /// image cannot be read.
  var embed: ((String) -> String?)? = nil

  /// How deep elements may nest; deeper ones are written as what they hold. Browsers
  /// flatten deeper trees too.
  static let maximumDepth = 256

  /// How deep a section's elements may nest for it to be parsed: a parser's time grows
  /// with the square of the depth (100,000 levels took gumbo 15 seconds), and no document
  /// nests so deep but to make it so.
  static let parsedDepth = 8_192

  /// Whether `html` seems to nest its elements deeper than `parsedDepth`, counted on its
  /// tags alone: start tags of elements that have an end tag, less end tags. A guard of
  /// time only: what is parsed is sanitised whatever this says.
  static func nestsTooDeep(_ html: UnsafeRawBufferPointer) -> Bool {
    var depth = 0
    return nestsTooDeep(html, from: &depth)
  }

  /// Whether `html`, coming after HTML that left `depth` elements open by the count of
  /// `nestsTooDeep(_:)`, nests too deep; `depth` is then what it leaves open. Pieces
  /// counted in order count as their whole does.
  static func nestsTooDeep(_ html: UnsafeRawBufferPointer, from depth: inout Int) -> Bool {
    var index = 0
    let count = html.count
    while index + 1 < count {
      guard html[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      let next = html[index + 1] | 0x20
      if html[index + 1] == UInt8(ascii: "/") {
        depth = max(0, depth - 1)
      } else if (0x61...0x7A).contains(next) {
        var end = index + 1
        while end < count,
          (html[end] | 0x20 >= 0x61 && html[end] | 0x20 <= 0x7A)
            || (0x30...0x39).contains(html[end])
        {
          end += 1
        }
        if !isVoid(UnsafeRawBufferPointer(rebasing: html[(index + 1)..<end])) {
          depth += 1
          if depth > parsedDepth { return true }
        }
        index = end
        continue
      }
      index += 1
    }
    return false
  }

  /// Whether a tag's name, in any case, is that of an element without an end tag
  /// (`ParsedTags.void`), read without making a string of it.
  private static func isVoid(_ name: UnsafeRawBufferPointer) -> Bool {
    guard (2...6).contains(name.count) else { return false }
    var lower: UInt64 = 0
    for byte in name { lower = lower << 8 | UInt64(byte | 0x20) }
    return voidNames.contains(lower)
  }

  /// `ParsedTags.void`'s names, each as its letters in an integer.
  private static let voidNames: Set<UInt64> = Set(
    ParsedTags.void.map { $0.utf8.reduce(0) { $0 << 8 | UInt64($1) } })

  /// `html` made safe, in UTF-8; the forbidden code points are still to be replaced.
  /// Throws when it could not be parsed.
  func sanitized(_ html: UnsafeRawBufferPointer) throws(GumboFragment.Failure) -> [UInt8] {
    let fragment = GumboFragment(html, context: place == .title ? GUMBO_TAG_SPAN : GUMBO_TAG_DIV)
    guard let nodes = fragment.nodes else { throw fragment.failure ?? .outOfMemory }
    var writer = SanitizedWriter(settings: self)
    if let base = html.baseAddress {
      // The end tags that closed nothing, which the parse dropped: named where they were.
      writer.base = base
      writer.strays = ParsedTags(nodes, base: base).strayEndTags(in: html)
    }
    writer.write(nodes, model: place == .title ? .phrasing : .flow)
    // Blocks end their line, as cmark's do, so that what follows starts on its own.
    if place != .title, let last = writer.output.last, last != 0x0A { writer.output.append(0x0A) }
    return writer.output
  }

}
