// The libFuzzer entry point for the Markdown reader, read whole and in chunks, and every writer.
// The checks are FuzzHarness's, in Tests/CollapseTests/Support/FuzzHarness.swift.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  fuzz(data, size, FuzzHarness.markdown)
}
