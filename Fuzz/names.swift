// The libFuzzer entry point for NAMEs (titles, ids, paths, /regex/) resolved against short documents.
// The checks are FuzzHarness's, in Tests/CollapseTests/Support/FuzzHarness.swift.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNames(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  fuzz(data, size, FuzzHarness.names)
}
