#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes GitHub-style anchors from titles and keeps them unique in one document.
///
/// Like GitHub's: lower case, punctuation and symbols dropped, every space turned into
/// `-`; a repeated slug gets `-1`, `-2`, … in document order.
///
/// Slugs are built in one reused buffer and kept in a table of their own, in place of
/// `[String: Int]` and Strings (`-DPLAIN_SLUG_TABLE` builds that; bench/tricks.md says
/// what it gains). How a title becomes a slug is in SlugText.swift.
public struct Slugger {
  #if !PLAIN_SLUG_TABLE
    /// The bytes of every slug made so far, one after another.
    private var arena: [UInt8] = []
    /// An open-addressed table of the slugs in `arena`, at most half full; its size is a
    /// power of two.
    private var slots: [Slot]
    private var used = 0
    /// The last number given to each repeated slug, by where the slug starts in `arena`.
    private var repeats: [Int: Int] = [:]
    /// What each non-ASCII scalar seen so far becomes in a slug (nil: dropped), since
    /// looking up Unicode properties costs more than looking up this.
    private var scalars: [UInt32: [UInt8]?] = [:]
    /// Where a slug is made before it is looked up.
    private var scratch: [UInt8] = []
    /// Varies the table's hashing from run to run, as Swift's own hashing does.
    private let seed = UInt64.random(in: .min ... .max)

    /// A slug in `arena`, or an empty slot when `start` is negative.
    private struct Slot {
      var start = -1
      var length: UInt32 = 0
      var hash: UInt32 = 0
    }

    public init() {
      self.init(capacity: 8)
    }

    /// A slugger with room for `count` slugs.
    public init(capacity count: Int) {
      var size = 16
      while size < count * 2 { size *= 2 }
      slots = Array(repeating: Slot(), count: size)
      arena.reserveCapacity(count * 16)
    }

    /// The slug of `title`, unique among the slugs this slugger has made.
    public mutating func slug(for title: String) -> String {
      var title = title
      // Room for the slug, a lower-case mapping being at most three times as long as the
      // scalar it maps, then for `-` and a count.
      let capacity = title.utf8.count * 3 + 24
      if scratch.count < capacity { scratch = Array(repeating: 0, count: capacity * 2) }
      var length = title.withUTF8 { title in
        scratch.withUnsafeMutableBufferPointer {
          Slugger.baseSlug(title, into: $0, scalars: &scalars)
        }
      }
      if length == 0 {
        for byte in "section".utf8 {
          scratch[length] = byte
          length += 1
        }
      }
      let (base, inserted) = insert(length)
      if inserted { return made(length) }
      let baseStart = slots[base].start
      var count = repeats[baseStart, default: 0]
      var candidate: Int
      repeat {
        count += 1
        candidate = length + Slugger.appendCount(count, to: &scratch, at: length)
      } while !insert(candidate).inserted
      repeats[baseStart] = count
      return made(candidate)
    }

    /// The first `length` bytes of `scratch` as a String.
    private func made(_ length: Int) -> String {
      String(decoding: scratch[..<length], as: UTF8.self)
    }

    /// Adds the first `length` bytes of `scratch` to the slugs made, unless they are one
    /// already; returns the slot that holds them and whether they were added.
    private mutating func insert(_ length: Int) -> (slot: Int, inserted: Bool) {
      let hash = scratch.withUnsafeBytes {
        Slugger.hash(UnsafeRawBufferPointer(rebasing: $0[..<length]), seed)
      }
      let short = UInt32(truncatingIfNeeded: hash)
      let mask = slots.count - 1
      var index = Int(truncatingIfNeeded: hash >> 32) & mask
      while slots[index].start >= 0 {
        let slot = slots[index]
        if slot.hash == short && slot.length == length
          && arena[slot.start..<(slot.start + length)].elementsEqual(scratch[..<length])
        {
          return (index, false)
        }
        index = (index + 1) & mask
      }
      slots[index] = Slot(start: arena.count, length: UInt32(length), hash: short)
      arena.append(contentsOf: scratch[..<length])
      used += 1
      if used * 2 > slots.count { grow() }
      return (index, true)
    }

    /// Doubles the table, placing every slug again.
    private mutating func grow() {
      let old = slots
      slots = Array(repeating: Slot(), count: old.count * 2)
      let mask = slots.count - 1
      for slot in old where slot.start >= 0 {
        let hash = arena.withUnsafeBytes {
          Slugger.hash(
            UnsafeRawBufferPointer(rebasing: $0[slot.start..<(slot.start + Int(slot.length))]), seed
          )
        }
        var index = Int(truncatingIfNeeded: hash >> 32) & mask
        while slots[index].start >= 0 { index = (index + 1) & mask }
        slots[index] = slot
      }
    }

    /// A hash of `bytes`, eight at a time.
    private static func hash(_ bytes: UnsafeRawBufferPointer, _ seed: UInt64) -> UInt64 {
      var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
      var offset = 0
      while offset + 8 <= bytes.count {
        hash =
          (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        offset += 8
      }
      if offset < bytes.count {
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
      }
      hash = (hash ^ (hash >> 32)) &* 0x9E37_79B9_7F4A_7C15
      return hash ^ (hash >> 29)
    }

    /// Writes `-` and `count` into `bytes` at `offset` and returns how many bytes it wrote.
    private static func appendCount(_ count: Int, to bytes: inout [UInt8], at offset: Int) -> Int {
      var digits = 1
      var rest = count / 10
      while rest > 0 {
        digits += 1
        rest /= 10
      }
      bytes[offset] = UInt8(ascii: "-")
      rest = count
      for position in stride(from: offset + digits, to: offset, by: -1) {
        bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
      return digits + 1
    }
  #else
    /// Every slug made so far, and for a repeated one the last number given to it.
    private var made: [String: Int] = [:]

    public init() {}

    public init(capacity count: Int) {
      made.reserveCapacity(count)
    }

    /// The slug of `title`, unique among the slugs this slugger has made.
    public mutating func slug(for title: String) -> String {
      var base = Slugger.baseSlug(title)
      if base.isEmpty { base = "section" }
      guard var count = made[base] else {
        made[base] = 0
        return base
      }
      var candidate: String
      repeat {
        count += 1
        candidate = base + "-" + String(count)
      } while made[candidate] != nil
      made[candidate] = 0
      made[base] = count
      return candidate
    }
  #endif
}
