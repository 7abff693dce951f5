import OutlineKit

/// An input that could not be read or parsed.
struct InputError: Error, CustomStringConvertible {
  let description: String

  init(description: String) {
    self.description = description
  }

  init(path: String, message: String) {
    description = "\(path): \(message)"
  }

  init(path: String, systemError: Int32) {
    self.init(path: path, message: systemErrorMessage(systemError))
  }
}
