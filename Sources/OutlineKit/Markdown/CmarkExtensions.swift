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

  /// The address of the tasklist extension, which marks the list items it reads as task
  /// items; 0 when cmark-gfm has none. An address, not a pointer, so that any thread may
  /// compare with it.
  static let tasklist = UInt(bitPattern: named("tasklist"))

  /// The node types of the table and strikethrough extensions, set when they register.
  static let tableType: cmark_node_type = {
    _ = registered
    return collapse_node_type_table()
  }()
  static let strikethroughType: cmark_node_type = {
    _ = registered
    return collapse_node_type_strikethrough()
  }()
}
