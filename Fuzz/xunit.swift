// The libFuzzer entry point for the xUnit.net v2 XML reader, read whole and in chunks, and every
// writer. The checks are FuzzHarness's, in Tests/CollapseTests/Support/FuzzHarness.swift.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXUnit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  fuzz(data, size, FuzzHarness.reading(.xunit))
}
