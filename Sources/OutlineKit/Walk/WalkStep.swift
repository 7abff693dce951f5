/// A step of a walk, for the walks that only look: collecting what the writers will need.
enum WalkStep {
  case content(Content, depth: Int)
  case enter(Int)
  case exit(Int)
}
