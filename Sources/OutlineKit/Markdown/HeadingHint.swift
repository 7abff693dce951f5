/// The state a heading asks its section to start in, with a trailing `<!-- collapsed -->`
/// or `<!-- expanded -->`.
enum HeadingHint {
  case collapsed
  case expanded
}
