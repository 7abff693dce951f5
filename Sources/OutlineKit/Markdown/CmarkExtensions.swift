import CCmark

/// cmark-gfm's extensions, from the registry they are put in once for the whole process.
enum CmarkExtensions {
  /// Puts GitHub's extensions, `tagfilter` among them, in cmark-gfm's registry on first
  /// use: registering is not safe on two threads at once, and a static's first use is.
  /// A render that filters tags looks `tagfilter` up there, whatever the dialect parsed.
  static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

  /// The extension called `name`; nil when cmark-gfm has none by that name.
  static func named(_ name: String) -> OpaquePointer? {
    _ = registered
    return cmark_find_syntax_extension(name)
  }
}
