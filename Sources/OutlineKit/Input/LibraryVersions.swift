/// The versions of the C libraries collapse reads with, as each reports itself when
/// it runs: the one it was built against may be another.
public enum LibraryVersions {
  /// `cmark-gfm 0.29.0.gfm.6, yajl 2.1.0, utf8proc 2.8.0, libxml2 2.9.14`. libxml2 is
  /// loaded to ask it, as reading XML loads it (`XMLLibrary`).
  public static var description: String {
    "cmark-gfm \(CmarkParser.version), yajl \(JSONReader.libraryVersion), "
      + "utf8proc \(DisplayWidth.libraryVersion), libxml2 \(XMLLibrary.version)"
  }
}
