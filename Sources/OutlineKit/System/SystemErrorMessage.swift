#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's description of an `errno` value, in lower case like collapse's own messages.
public func systemErrorMessage(_ code: Int32) -> String {
  let message = String(cString: strerror(code))
  guard let first = message.first else { return message }
  return first.lowercased() + message.dropFirst()
}
