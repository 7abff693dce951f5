import CGumbo

// Images from another host, which a page that blocks them shows as placeholders, and the
// pictures and sources around them.

extension SanitizedWriter {
  /// Writes an image from another host as a placeholder, when the page would block it,
  /// and returns true; false when the image is written as an element. The placeholder is
  /// a small box with the image's alt text, as wide as that at most, so that a row of
  /// badges stays a row; it links to the image, unless it is in a link already, and its
  /// title says where the image is.
  mutating func image(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    guard
      let source = node.attributes.first(where: { $0.name == "src" }).map({ URLCheck($0.value) }),
      source.scheme.isEmpty || source.scheme == "http" || source.scheme == "https",
      settings.blocksImage(at: source)
    else { return false }
    let alt = node.attributes.first { $0.name == "alt" }?.value ?? ""
    // Written as a link's URL is, its escapes and all.
    let link =
      SanitizedWriter.isInLink(node) ? nil : url(source.cleaned, attribute: "href", element: "a")
    append(link == nil ? "<span class=\"remote-image\"" : "<a class=\"remote-image\" href=\"")
    if let link {
      appendText(link)
      append("\"")
    }
    append(" title=\"Not loaded: ")
    appendText(source.cleaned)
    append("\">")
    appendText(alt.isEmpty ? "image" : alt)
    append(link == nil ? "</span>" : "</a>")
    return true
  }

  /// Whether `node` is inside an `a` element, where a link of its own cannot go.
  static func isInLink(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    var parent = node.pointee.parent
    while let element = parent {
      if element.tag == GUMBO_TAG_A { return true }
      parent = element.pointee.parent
    }
    return false
  }

  func pictureShowsRemoteImage(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    node.children.contains { child in
      child.isElement && child.tagName == "img"
        && child.attributes.contains {
          $0.name == "src" && settings.blocksImage(at: URLCheck($0.value))
        }
    }
  }

  func sourceIsRemote(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    node.attributes.contains { attribute in
      attribute.name == "srcset"
        && SanitizedWriter.sourceSetURLs(attribute.value).contains {
          settings.blocksImage(at: URLCheck($0))
        }
    }
  }
}
