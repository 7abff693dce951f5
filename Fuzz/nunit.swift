// The libFuzzer entry point for the NUnit XML reader, read whole and in chunks, and every
// writer. The checks are FuzzHarness's, in Tests/CollapseTests/Support/FuzzHarness.swift.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNUnit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  fuzz(data, size, FuzzHarness.reading(.nunit))
}
