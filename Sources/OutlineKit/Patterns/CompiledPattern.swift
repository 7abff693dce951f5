import CPcre2

/// A `/regex/` compiled by PCRE2, with its JIT: Perl's syntax,
/// matched over UTF-8 bytes by code point, at the speed of a C matcher; bytes that are
/// not UTF-8 are matched around. One engine reads
/// every pattern of a command: NAMEs, content patterns and conditions' `match` and
/// `search`.
///
/// A match is bounded: it gives up past ten million backtracking steps from one place,
/// or 64 MiB of stack, rather than run for ever. The compiled code is only read once
/// made, so the thread `PatternSearch` matches on may have it; each `Matcher` is for one
/// thread.
// @unchecked: it owns two pcre2 code pointers, written once in init and only read after.
final class CompiledPattern: @unchecked Sendable {
  /// Why a pattern did not compile: PCRE2's error number, and the byte of the pattern
  /// where it stopped reading, counted from 0.
  struct Failure: Error {
    let code: Int32
    let offset: Int

    /// PCRE2's own words for the error.
    var message: String {
      var buffer = [UInt8](repeating: 0, count: 256)
      let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
      return length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF8.self) : ""
    }
  }

  /// A match that could not be finished: the pattern backtracked past the steps or the
  /// room a match is given, or its time was up before it started.
  struct Exhausted: Error {}

  /// The pattern for subjects that are UTF-8, with its JIT.
  private let code: OpaquePointer
  /// The pattern for subjects that hold bytes that are not UTF-8, matched around them,
  /// by the interpreter. PCRE2 10.42's JIT, given `PCRE2_MATCH_INVALID_UTF`, never lets
  /// `\S`, `\W` or `\D` match a character of more than one byte (`a\S` misses `aé`;
  /// PCRE2 issue 224, fixed in 10.43), so the JIT only ever matches valid UTF-8.
  private let aroundInvalid: OpaquePointer

  /// `source`, compiled as UTF-8; with `byLine`, `^` and `$` match at each line's start
  /// and end. `\d`, `\w`, `\s` and `\b` are ASCII's, PCRE2's own default and how a log's
  /// numbers are written, and ten times as quick as Unicode's (`\p{Nd}`, `\p{L}`, or all
  /// four with `(*UCP)` first);
  /// `/…/i` folds the case of every letter. With `whole`, it matches only a whole text:
  /// said when compiling, as the JIT only runs patterns anchored so. PCRE2 first looks
  /// for what every match must hold (its first and last code units, the bytes a match may
  /// start with, its shortest length) and tries only where those could be; without
  /// `lookingAhead`, it tries every place, which finds the same matches more slowly.
  /// Without `jit`, PCRE2's interpreter matches every subject.
  init(
    _ source: String, ignoresCase: Bool = false, byLine: Bool = false, whole: Bool = false,
    lookingAhead: Bool = true, jit: Bool = true
  ) throws(Failure) {
    var options = UInt32(PCRE2_UTF)
    if !lookingAhead { options |= UInt32(PCRE2_NO_START_OPTIMIZE) }
    if ignoresCase { options |= UInt32(PCRE2_CASELESS) }
    if byLine { options |= UInt32(PCRE2_MULTILINE) }
    if whole { options |= UInt32(PCRE2_ANCHORED | PCRE2_ENDANCHORED) }
    let compiled = try Self.compile(source, options: options)
    let aroundInvalid: OpaquePointer
    do {
      aroundInvalid = try Self.compile(source, options: options | UInt32(PCRE2_MATCH_INVALID_UTF))
    } catch {
      pcre2_code_free_8(compiled)
      throw error
    }
    // Without the JIT (a system that forbids making code at run time), PCRE2 interprets.
    if jit { _ = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) }
    code = compiled
    self.aroundInvalid = aroundInvalid
  }

  /// `source` compiled with `options`; the caller frees it.
  private static func compile(_ source: String, options: UInt32) throws(Failure) -> OpaquePointer {
    var error: Int32 = 0
    var offset = 0
    let bytes = Array(source.utf8)
    let compiled = bytes.withUnsafeBufferPointer { pattern in
      // A pattern of no bytes still needs somewhere to point.
      withUnsafePointer(to: UInt8(0)) { empty in
        pcre2_compile_8(pattern.baseAddress ?? empty, pattern.count, options, &error, &offset, nil)
      }
    }
    guard let compiled else { throw Failure(code: error, offset: offset) }
    return compiled
  }

  deinit {
    pcre2_code_free_8(code)
    pcre2_code_free_8(aroundInvalid)
  }

  /// What a pattern matches with: its match data, bounds and JIT stack.
  final class Matcher {
    private let pattern: CompiledPattern
    private let data: OpaquePointer
    private let context: OpaquePointer
    private let stack: OpaquePointer?
    /// Raised when the pattern's time is up: no match starts after it.
    private let stop: StopFlag?

    init(_ pattern: CompiledPattern, stop: StopFlag? = nil) {
      self.pattern = pattern
      self.stop = stop
      data = pcre2_match_data_create_from_pattern_8(pattern.code, nil)
      context = pcre2_match_context_create_8(nil)
      // The JIT's stack may grow to 64 MiB, which is only taken as it is used: room for
      // `/(a|b)*$/` on a line of 2 MB, where the 32 KiB it starts with ends far sooner.
      // Without the JIT, the interpreter's frames have as much.
      stack = pcre2_jit_stack_create_8(32 * 1024, 64 * 1024 * 1024, nil)
      if let stack { pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(stack)) }
      pcre2_set_heap_limit_8(context, 64 * 1024)
      // Ten million steps take the JIT a few hundredths of a second; a pattern that
      // scans a text once takes far fewer, however long the text.
      pcre2_set_match_limit_8(context, 10_000_000)
    }

    deinit {
      if let stack { pcre2_jit_stack_free_8(stack) }
      pcre2_match_context_free_8(context)
      pcre2_match_data_free_8(data)
    }

    /// Whether the pattern matches in `subject`: somewhere, or all of it, as compiled.
    /// Throws, matching nothing, once the stop flag is raised: a pattern given up on
    /// leaves its thread at the next text rather than matching the rest for nothing.
    func matches(_ subject: some PatternSubject) throws(Exhausted) -> Bool {
      if stop?.isRaised == true { throw Exhausted() }
      let result = subject.withSubjectBytes { bytes in
        // A String is UTF-8 and needs no checking; other bytes are checked by PCRE2, and
        // matched around what is not UTF-8 when it finds some.
        let first = match(pattern.code, bytes, checked: !subject.isKnownUTF8)
        guard (PCRE2_ERROR_UTF8_ERR21...PCRE2_ERROR_UTF8_ERR1).contains(first) else {
          return first
        }
        return match(pattern.aroundInvalid, bytes, checked: true)
      }
      if result >= 0 { return true }
      if result == PCRE2_ERROR_NOMATCH { return false }
      throw Exhausted()
    }

    private func match(_ code: OpaquePointer, _ bytes: UnsafeBufferPointer<UInt8>, checked: Bool)
      -> Int32
    {
      withUnsafePointer(to: UInt8(0)) { empty in
        pcre2_match_8(
          code, bytes.baseAddress ?? empty, bytes.count, 0,
          checked ? 0 : UInt32(PCRE2_NO_UTF_CHECK), data, context)
      }
    }
  }
}

/// What a `/regex/` is matched against: a title or a condition's string, or a section's
/// content as the bytes it was written into.
protocol PatternSubject {
  /// Whether the bytes are known to be UTF-8, as a String's always are.
  var isKnownUTF8: Bool { get }

  func withSubjectBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
}

extension String: PatternSubject {
  var isKnownUTF8: Bool { true }

  func withSubjectBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    var text = self
    return try text.withUTF8(body)
  }
}

extension Array: PatternSubject where Element == UInt8 {
  var isKnownUTF8: Bool { false }

  func withSubjectBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try withUnsafeBufferPointer(body)
  }
}

extension ArraySlice: PatternSubject where Element == UInt8 {
  var isKnownUTF8: Bool { false }

  func withSubjectBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try withUnsafeBufferPointer(body)
  }
}
