// The libFuzzer entry point for the TRX reader, read whole and in chunks, and every
// writer. The checks are FuzzHarness's, in Tests/CollapseTests/Support/FuzzHarness.swift.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTRX(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  fuzz(data, size, FuzzHarness.reading(.trx))
}
