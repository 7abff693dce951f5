import OutlineKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file `--output` names, written as a new file beside it that takes its place only
/// when the run succeeds: a run that fails, or is interrupted, leaves the old file as it
/// was and no new one behind.
///
/// A FILE that exists and is not a regular file (`/dev/null`, a terminal, a named pipe)
/// cannot be replaced and is written in place. A symbolic link is followed, so the file
/// it points to is replaced and the link kept.
struct ReplacedFile {
  /// The file as the command line names it, for messages.
  let path: String
  /// The descriptor to write to, open until `replace` or `discard`.
  let descriptor: Int32
  /// Where the file goes once written: `path`, or what its link points to.
  private let target: String
  /// The new file beside `target`, or nil when `target` is written in place.
  private let temporary: String?

  /// Opens a new file beside `path` to write to, with the permissions of the file it
  /// replaces (else those new files get).
  init(path: String) throws(WriteError) {
    self.path = path
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists && status.st_mode & S_IFMT != S_IFREG {
      let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
      guard descriptor >= 0 else { throw WriteError(code: errno, path: path) }
      (self.descriptor, target, temporary) = (descriptor, path, nil)
      return
    }
    var target = path
    var link = stat()
    if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK,
      let resolved = realpath(path, nil)
    {
      target = String(cString: resolved)
      free(resolved)
    }
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { String(target[...$0]) } ?? ""
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    ReplacedFile.removeOnTermination()
    while true {
      let candidate =
        "\(folder).\(name).collapse-\(String(UInt32.random(in: .min ... .max), radix: 36))"
      // Named before it is made, so that a signal in between finds it.
      ReplacedFile.pending.remember(candidate)
      // 0666, narrowed by the umask as any new file's permissions are.
      let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      let code = errno
      if descriptor < 0 && code == EEXIST { continue }
      guard descriptor >= 0 else {
        ReplacedFile.pending.forget()
        throw WriteError(code: code, path: path)
      }
      if exists { _ = fchmod(descriptor, status.st_mode & 0o7777) }
      (self.descriptor, self.target, temporary) = (descriptor, target, candidate)
      return
    }
  }

  /// Puts the new file in the old one's place.
  func replace() throws(WriteError) {
    let closed = close(descriptor)
    let closeError = errno
    guard let temporary else {
      if closed != 0 { throw WriteError(code: closeError, path: path) }
      return
    }
    defer { ReplacedFile.pending.forget() }
    guard closed == 0 else {
      unlink(temporary)
      throw WriteError(code: closeError, path: path)
    }
    guard rename(temporary, target) == 0 else {
      let renameError = errno
      unlink(temporary)
      throw WriteError(code: renameError, path: path)
    }
  }

  /// Removes the new file, leaving the old one as it was.
  func discard() {
    close(descriptor)
    guard let temporary else { return }
    unlink(temporary)
    ReplacedFile.pending.forget()
  }

  /// The new file not yet in its place, which an interrupt removes.
  static let pending = PendingFile()

  /// Makes SIGTERM and SIGHUP, which end collapse, remove the new file first; SIGINT's
  /// handler (`handleInterrupts`) does too. A signal that was ignored when collapse
  /// started stays ignored.
  static func removeOnTermination() {
    _ = pending
    for number in [SIGTERM, SIGHUP] {
      let previous = signal(number, SIG_IGN)
      if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        continue
      }
      signal(number) { received in
        // Only async-signal-safe calls here: unlink(2), then the default action.
        ReplacedFile.pending.removeForInterrupt()
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }
}

/// The name of a file to remove if collapse is interrupted, held where a signal handler
/// can read it: the address of a C string, which stays allocated while it is held, in an
/// atomic integer (an atomic pointer would not be `Sendable`).
final class PendingFile: Sendable {
  private let name = Atomic<Int>(0)

  func remember(_ path: String) {
    let copy = Int(bitPattern: strdup(path))
    free(
      UnsafeMutablePointer<CChar>(
        bitPattern: name.exchange(copy, ordering: .sequentiallyConsistent)))
  }

  func forget() {
    free(
      UnsafeMutablePointer<CChar>(bitPattern: name.exchange(0, ordering: .sequentiallyConsistent)))
  }

  /// Removes the file; only async-signal-safe calls, for the interrupt handler. The name
  /// is left allocated: the process is about to end.
  func removeForInterrupt() {
    let address = name.exchange(0, ordering: .sequentiallyConsistent)
    if let path = UnsafePointer<CChar>(bitPattern: address) { unlink(path) }
  }
}
