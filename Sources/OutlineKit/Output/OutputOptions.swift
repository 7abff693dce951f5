/// How an output is written: each format takes the options it uses.
public struct OutputOptions: Equatable {
  /// When a page is lazy (`HTMLPage.lazy`).
  public enum Lazy: String, CaseIterable, Sendable {
    /// For documents of `HTMLPage.lazyFromBytes` or more, unless the page is cut to fit
    /// `maxBytes`.
    case auto
    case always
    case never
  }

  /// How text output shows the outline.
  public var text = TextWriter.Options()
  /// How html and markdown output show the document.
  public var document = DocumentWriterOptions()
  /// Whether html output is a whole page rather than a fragment.
  public var standalone = false
  /// The page's title; nil for the one the page takes from the outline.
  public var title: String?
  /// The names of the documents a page shows, in order, which title it when nothing
  /// else does.
  public var paths: [String] = []
  public var lazy = Lazy.auto
  /// The most bytes html or markdown output may take; sections are cut to fit.
  public var maxBytes: Int?
  /// The command that shows everything, which a cut output says.
  public var fullCommand = "collapse"

  /// Whether a page is asked to be lazy and cut to a size at once, which none can be: a
  /// page cut to fit is written whole.
  public var asksLazyPageCut: Bool { lazy == .always && maxBytes != nil }

  public init() {}
}
