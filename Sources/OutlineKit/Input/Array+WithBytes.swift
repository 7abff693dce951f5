extension Array where Element == UInt8 {
  /// `withUnsafeBytes` for a body that throws a typed error.
  func withBytes<Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try withUnsafeBytes { bytes in Result { () throws(Failure) in try body(bytes) } }.get()
  }
}
