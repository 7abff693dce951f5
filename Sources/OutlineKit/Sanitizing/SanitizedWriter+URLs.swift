// URLs as an attribute may hold them: the schemes allowed, images embedded, characters
// percent-encoded.

extension SanitizedWriter {
  /// `value` as a URL `attribute` of `element` may have: one of the schemes it allows, an
  /// embedded image for a relative `img` source when images are embedded.
  func url(_ value: String, attribute: String, element: String) -> String? {
    let check = URLCheck(value)
    if (element == "img" && attribute == "src") || attribute == "srcset" {
      if let type = check.dataType {
        return HTMLAllowlist.dataImageTypes.contains(type)
          ? SanitizedWriter.percentEncoded(check.cleaned) : nil
      }
      if check.scheme.isEmpty, !check.isRemote, !check.cleaned.hasPrefix("#"),
        let embed = settings.embed,
        let data = embed(check.cleaned)
      {
        return data
      }
    }
    guard let schemes = HTMLAllowlist.urlSchemes[attribute], schemes.contains(check.scheme) else {
      return nil
    }
    return SanitizedWriter.percentEncoded(check.cleaned)
  }

  /// `url` with what a URL may not hold written as `%XX`, as a browser's URL parser would:
  /// spaces, quotes, `<`, `>`, `\`, other characters outside ASCII, and a `%` that starts
  /// no escape. A `data:` picture written `<svg …>` then is a valid URL too.
  static func percentEncoded(_ url: String) -> String {
    var copy = url
    return copy.withUTF8 { bytes in
      guard bytes.contains(where: { urlBytes[Int($0)] != 0 }) else { return url }
      var encoded: [UInt8] = []
      encoded.reserveCapacity(bytes.count + 16)
      let hex = Array("0123456789ABCDEF".utf8)
      for (index, byte) in bytes.enumerated() {
        let escape =
          byte == UInt8(ascii: "%") && index + 2 < bytes.count
          && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
        if urlBytes[Int(byte)] == 2 || (urlBytes[Int(byte)] == 1 && !escape) {
          encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        } else {
          encoded.append(byte)
        }
      }
      return String(decoding: encoded, as: UTF8.self)
    }
  }

  /// For each byte, 2 when a URL may not hold it as it is, 1 for `%`, which it may hold
  /// when an escape follows, and 0 for the rest.
  static let urlBytes: [UInt8] = (0...255).map { byte in
    if byte == 0x25 { return 1 }
    return byte <= 0x20 || byte >= 0x7F || "\"<>\\^`{|}".utf8.contains(UInt8(byte)) ? 2 : 0
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }
}
