/// A section whose content and subsections a walk is going through.
struct WalkOwner {
  let section: Int
  /// The next content run to show.
  var run = 0
  /// How many subsections have been passed.
  var passed = 0
}
