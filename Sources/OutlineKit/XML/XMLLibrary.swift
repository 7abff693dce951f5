import CXml

/// libxml2, which collapse loads the first time it reads XML rather than linking it: the
/// ICU and liblzma it links would otherwise be loaded and set up by every run, about 3.6
/// million instructions, more than an empty Markdown file costs to read
/// (`Sources/CXml/include/xml_library.h`).
enum XMLLibrary {
  /// Loads libxml2, once in a process; throws why it could not be, each time it is asked.
  static func load() throws(LoadError) {
    if let failure = collapse_xml_load() {
      throw .libraryUnavailable(
        format: "XML", library: "libxml2 (\(COLLAPSE_XML_LIBRARY))",
        reason: String(cString: failure))
    }
  }

  /// libxml2's version as it reports itself, dotted (`2.9.14`), loading it to ask; `not
  /// loaded: ` and why, when it could not be.
  static var version: String {
    if let failure = collapse_xml_load() { return "not loaded: \(String(cString: failure))" }
    let reported = String(cString: collapse_xml_version())
    // xmlParserVersion is major × 10,000 + minor × 100 + patch, perhaps followed by a
    // suffix of the build's.
    guard let number = Int(reported.prefix { $0.isASCII && $0.isNumber }) else { return reported }
    return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
  }
}
