import CYajl

/// Whether bytes could begin JSON text, asked of yajl itself.
enum JSONPrefix {
  /// Whether yajl reads `bytes` as the start of one or more JSON values (complete or not)
  /// without finding an error.
  static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
    // No callbacks: yajl only checks the syntax. The handle is freed before returning.
    guard let handle = yajl_alloc(nil, nil, nil) else { return false }
    defer { yajl_free(handle) }
    cyajl_allow_multiple_values(handle)
    let text = Array(bytes)
    let status = text.withUnsafeBufferPointer { yajl_parse(handle, $0.baseAddress, $0.count) }
    return status == yajl_status_ok
  }
}
