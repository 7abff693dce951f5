import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffered output to a file descriptor.
///
/// A write that fails is kept as a `WriteError`, and what comes after it is dropped: the
/// writers stop at the next section and throw it, and the command maps it to its exit
/// status.
struct FileOutput: ByteOutputStream {
  private let descriptor: Int32
  /// Why a write failed, once one has.
  private var failure: WriteError?
  private static let capacity = 1 << 16
  #if !PLAIN_OUTPUT
    /// What is written and not yet out, `count` bytes of `capacity`; writers make many
    /// small writes, so a plain copy into this beats an array's growth checks
    /// (`-DPLAIN_OUTPUT` keeps them in an array; bench/tricks.md says what this gains).
    private let buffer: UnsafeMutableRawPointer
    private var count = 0
  #else
    private var pending: [UInt8] = []
  #endif

  init(descriptor: Int32) {
    self.descriptor = descriptor
    #if !PLAIN_OUTPUT
      // Lives as long as the process: the program's one standard output.
      buffer = .allocate(byteCount: FileOutput.capacity, alignment: 1)
    #endif
  }

  mutating func write(_ string: String) {
    let copied: Void? = string.utf8.withContiguousStorageIfAvailable {
      write(bytes: UnsafeRawBufferPointer($0))
    }
    if copied == nil {
      var string = string
      string.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  func checkFailure() throws(WriteError) {
    if let failure { throw failure }
  }

  /// Writes out what is buffered and gives back the buffer, for an output the command
  /// opened itself; the output is done with.
  consuming func finish() throws(WriteError) {
    flush()
    #if !PLAIN_OUTPUT
      buffer.deallocate()
    #endif
    try checkFailure()
  }

  #if !PLAIN_OUTPUT
    mutating func write(bytes: UnsafeRawBufferPointer) {
      guard failure == nil else { return }
      if count + bytes.count > FileOutput.capacity { flush() }
      if bytes.count >= FileOutput.capacity {
        writeAll(bytes)
      } else if let source = bytes.baseAddress {
        (buffer + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
      }
    }

    /// Writes out what is buffered.
    mutating func flush() {
      guard count > 0 else { return }
      writeAll(UnsafeRawBufferPointer(start: buffer, count: count))
      count = 0
    }
  #else
    mutating func write(bytes: UnsafeRawBufferPointer) {
      guard failure == nil else { return }
      pending.append(contentsOf: bytes)
      if pending.count >= FileOutput.capacity { flush() }
    }

    mutating func flush() {
      var written = pending
      pending.removeAll(keepingCapacity: true)
      written.withUnsafeBytes { writeAll($0) }
      written = []
    }
  #endif

  private mutating func writeAll(_ bytes: UnsafeRawBufferPointer) {
    // Only an empty buffer has no address, and it has nothing to write.
    guard failure == nil, let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written >= 0 {
        offset += written
        continue
      }
      switch errno {
      case EINTR, EAGAIN: continue
      default:
        failure = WriteError(code: errno)
        return
      }
    }
  }
}

/// write(2), named apart from the streams' own `write` methods.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
