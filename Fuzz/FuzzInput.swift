/// Runs one libFuzzer input through `check` and stops the fuzzer, as a crash does, when
/// something went wrong: libFuzzer then saves the input.
func fuzz(
  _ data: UnsafePointer<UInt8>?, _ size: Int, _ check: ([UInt8]) -> [String]
) -> CInt {
  let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let problems = check(input)
  if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
  return 0
}
