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
  /// What is written and not yet out, written out once it holds `capacity` bytes.
  private var pending: [UInt8] = []
  private static let capacity = 1 << 16

  init(descriptor: Int32) {
    self.descriptor = descriptor
    pending.reserveCapacity(FileOutput.capacity)
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

  mutating func write(bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    if pending.count + bytes.count > FileOutput.capacity {
      flush()
      guard failure == nil else { return }
    }
    if bytes.count >= FileOutput.capacity {
      failure = FileOutput.writeAll(bytes, to: descriptor)
    } else {
      pending.append(contentsOf: bytes)
    }
  }

  /// Writes out what is buffered.
  mutating func flush() {
    guard failure == nil, !pending.isEmpty else { return }
    let descriptor = descriptor
    failure = pending.withUnsafeBytes { FileOutput.writeAll($0, to: descriptor) }
    pending.removeAll(keepingCapacity: true)
  }

  /// Writes all of `bytes` to `descriptor`; returns why it could not.
  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32)
    -> WriteError?
  {
    // Only an empty buffer has no address, and it has nothing to write.
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written >= 0 {
        offset += written
        continue
      }
      switch errno {
      case EINTR, EAGAIN: continue
      default: return WriteError(code: errno)
      }
    }
    return nil
  }
}

/// write(2), named apart from the streams' own `write` methods.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
