#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much more memory this process may take: the Swift runtime ends the program when an
/// allocation fails, and the kernel ends it when the machine runs out, so a reader stops
/// before either, with a message.
///
/// What limits it: `ulimit -v` (the address space), `ulimit -d` (the data segment), the
/// memory limits of the process's control group and of the groups above it (a container's,
/// cgroup v2's `memory.max`), each less what the process or the group takes already, and
/// the memory the machine has available (`MemAvailable` in `/proc/meminfo`).
struct MemoryLimit: Equatable, Sendable {
  /// What sets the limit.
  enum Source: Equatable, Sendable {
    case addressSpace, dataSegment, controlGroup, machine
  }

  /// The bytes the process may still take.
  let bytes: Int
  let source: Source

  /// What the limit counts now: the process's address space or data segment, the control
  /// group's memory, or, for the machine, the memory the process holds. Only differences
  /// between two readings mean anything.
  func usage() -> Int? {
    switch source {
    case .addressSpace:
      return MemoryLimit.field("VmSize:", MemoryLimit.readSmallFile("/proc/self/status") ?? "")
    case .dataSegment:
      return MemoryLimit.field("VmData:", MemoryLimit.readSmallFile("/proc/self/status") ?? "")
    case .controlGroup:
      // The process's own group, wherever the limit is: what the process takes counts in
      // each group above it alike.
      return MemoryLimit.controlGroupFolder(reading: MemoryLimit.readSmallFile)
        .flatMap { MemoryLimit.readSmallFile($0 + "/memory.current") }
        .flatMap(MemoryLimit.number)
    case .machine:
      // The process's own memory, not what the machine has left, which other programs
      // change too.
      return MemoryLimit.field("VmRSS:", MemoryLimit.readSmallFile("/proc/self/status") ?? "")
    }
  }

  /// The tightest limit, or nil when nothing says how much memory there is.
  static func tightest() -> MemoryLimit? {
    var found: [MemoryLimit] = []
    let status = readSmallFile("/proc/self/status") ?? ""
    if let limit = resourceLimit(Int32(RLIMIT_AS.rawValue)), let used = field("VmSize:", status) {
      found.append(MemoryLimit(bytes: limit - used, source: .addressSpace))
    }
    if let limit = resourceLimit(Int32(RLIMIT_DATA.rawValue)), let used = field("VmData:", status) {
      found.append(MemoryLimit(bytes: limit - used, source: .dataSegment))
    }
    if let group = controlGroupLimit(reading: readSmallFile) {
      found.append(MemoryLimit(bytes: group, source: .controlGroup))
    }
    if let free = field("MemAvailable:", readSmallFile("/proc/meminfo") ?? "") {
      found.append(MemoryLimit(bytes: free, source: .machine))
    }
    return found.min { $0.bytes < $1.bytes }.map {
      MemoryLimit(bytes: max(0, $0.bytes), source: $0.source)
    }
  }

  /// What the limit is, in words: `the memory available on this machine`.
  var words: String {
    switch source {
    case .addressSpace: return "the address space ulimit -v leaves"
    case .dataSegment: return "the data segment ulimit -d leaves"
    case .controlGroup: return "the memory the control group's limit leaves"
    case .machine: return "the memory available on this machine"
    }
  }

  /// The soft limit on a resource, in bytes, unless it is unlimited.
  private static func resourceLimit(_ resource: Int32) -> Int? {
    var limit = rlimit()
    #if canImport(Glibc)
      guard getrlimit(__rlimit_resource_t(UInt32(resource)), &limit) == 0 else { return nil }
    #else
      guard getrlimit(resource, &limit) == 0 else { return nil }
    #endif
    // RLIM_INFINITY is all ones, past any limit a process could live under.
    guard limit.rlim_cur < UInt64(Int.max) else { return nil }
    return Int(limit.rlim_cur)
  }

  /// What the control groups' limits leave: the least, over the group named in
  /// `/proc/self/cgroup` (cgroup v2) and each group above it, of its `memory.max` less its
  /// `memory.current`, since the kernel holds a group to the limits above it too; nil when
  /// no group has a limit. `read` gives the text of a file by its path, or nil.
  static func controlGroupLimit(reading read: (String) -> String?) -> Int? {
    guard var folder = controlGroupFolder(reading: read) else { return nil }
    var least: Int?
    while true {
      if let maximum = read(folder + "/memory.max").flatMap(number),
        let current = read(folder + "/memory.current").flatMap(number)
      {
        least = min(least ?? .max, maximum - current)
      }
      guard folder != controlGroupRoot, let parent = folder.lastIndex(of: "/") else {
        return least
      }
      folder = String(folder[..<parent])
    }
  }

  /// Where cgroup v2 shows its groups.
  private static let controlGroupRoot = "/sys/fs/cgroup"

  /// The folder of the process's control group (cgroup v2), from the `0::` line of
  /// `/proc/self/cgroup`.
  private static func controlGroupFolder(reading read: (String) -> String?) -> String? {
    guard let groups = read("/proc/self/cgroup") else { return nil }
    return rest(ofLineStarting: Array("0::".utf8), in: groups) { group in
      var group = group
      while group.last == UInt8(ascii: "/") { group = group.dropLast() }
      return controlGroupRoot + String(decoding: group, as: UTF8.self)
    }
  }

  /// `body` of what follows `prefix` on the first line of `text` that starts with it; nil
  /// when no line does. It looks at the bytes: the files of /proc are ASCII but for the
  /// names in them, and splitting them into lines of Characters took a third of the time
  /// of a run on an empty file.
  private static func rest<Result>(
    ofLineStarting prefix: [UInt8], in text: String,
    _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Result?
  ) -> Result? {
    var text = text
    return text.withUTF8 { bytes -> Result? in
      var start = 0
      while start < bytes.count {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        if bytes[start..<end].starts(with: prefix) {
          return body(bytes[(start + prefix.count)..<end])
        }
        start = end + 1
      }
      return nil
    }
  }

  /// The number of kB after `name` at the start of a line of `/proc/self/status` or
  /// `/proc/meminfo`, in bytes.
  static func field(_ name: String, _ status: String) -> Int? {
    rest(ofLineStarting: Array(name.utf8), in: status) { line in
      let digits = line.filter { (0x30...0x39).contains($0) }
      // More than 15 digits of kB is no reading of a real machine.
      guard !digits.isEmpty, digits.count <= 15 else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } * 1024
    }
  }

  private static func number(_ text: String) -> Int? {
    Int(text.filter { !$0.isWhitespace })
  }

  /// The text of a small file, such as those of /proc and /sys, or nil.
  private static func readSmallFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 1 << 20 {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
