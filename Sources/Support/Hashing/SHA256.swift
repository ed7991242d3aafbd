import Foundation

/// SHA-256 (FIPS 180-4), streaming. Foundation on Linux has no CryptoKit and the project takes no
/// outside packages, so corpus digests, and the upload server's digest checks, use this one.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(firstChunk)
/// hasher.update(secondChunk)
/// let hex = hasher.finalize().hex
/// ```
public struct SHA256: Sendable {
  /// Bytes per compression block.
  public static let blockSize = 64

  private var h0: UInt32 = 0x6a09_e667
  private var h1: UInt32 = 0xbb67_ae85
  private var h2: UInt32 = 0x3c6e_f372
  private var h3: UInt32 = 0xa54f_f53a
  private var h4: UInt32 = 0x510e_527f
  private var h5: UInt32 = 0x9b05_688c
  private var h6: UInt32 = 0x1f83_d9ab
  private var h7: UInt32 = 0x5be0_cd19
  /// Bytes waiting for a full block; never 64 or more between calls.
  private var pending: [UInt8] = []
  private var totalBytes: UInt64 = 0

  public init() {
    pending.reserveCapacity(Self.blockSize)
  }

  /// The digest of one buffer.
  public static func hash(_ bytes: [UInt8]) -> SHA256Digest {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The digest of one slice (a payload set's body).
  public static func hash(_ bytes: ArraySlice<UInt8>) -> SHA256Digest {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The digest of one `Data`.
  public static func hash(_ data: Data) -> SHA256Digest {
    var hasher = SHA256()
    hasher.update(data)
    return hasher.finalize()
  }

  /// Feeds more bytes.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// Feeds more bytes.
  public mutating func update(_ data: Data) {
    data.withUnsafeBytes { update($0) }
  }

  /// Feeds more bytes.
  public mutating func update(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// Feeds more bytes from raw memory.
  public mutating func update(_ buffer: UnsafeRawBufferPointer) {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return }
    totalBytes &+= UInt64(buffer.count)
    var offset = 0
    if !pending.isEmpty {
      let take = min(Self.blockSize - pending.count, buffer.count)
      pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
      offset = take
      guard pending.count == Self.blockSize else { return }
      pending.withUnsafeBytes { compress(blocks: $0.baseAddress!, count: 1) }
      pending.removeAll(keepingCapacity: true)
    }
    let wholeBlocks = (buffer.count - offset) / Self.blockSize
    if wholeBlocks > 0 {
      compress(blocks: base + offset, count: wholeBlocks)
      offset += wholeBlocks * Self.blockSize
    }
    if offset < buffer.count {
      pending.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: buffer.count - offset))
    }
  }

  /// Pads, processes the last block(s) and returns the digest. The hasher should not be fed
  /// afterwards; it is a value, so copy it first to keep hashing a prefix.
  public mutating func finalize() -> SHA256Digest {
    let bitLength = totalBytes &* 8
    var tail = pending
    tail.append(0x80)
    while tail.count % Self.blockSize != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    tail.withUnsafeBytes { compress(blocks: $0.baseAddress!, count: tail.count / Self.blockSize) }
    pending.removeAll()
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return SHA256Digest(bytes: digest)
  }

  // MARK: - Compression

  /// Runs the compression function over `count` consecutive 64-byte blocks. The message schedule
  /// lives in one stack allocation for the whole run, and words are read unaligned, so hashing a
  /// large payload costs no heap traffic.
  private mutating func compress(blocks: UnsafeRawPointer, count: Int) {
    // The state lives in locals for the whole run so the optimizer keeps it in registers.
    var state = (h0, h1, h2, h3, h4, h5, h6, h7)
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      sha256RoundConstants.withUnsafeBufferPointer { k in
        for block in 0..<count {
          Self.compressBlock(blocks + block * Self.blockSize, state: &state, schedule: schedule, k: k)
        }
      }
    }
    (h0, h1, h2, h3, h4, h5, h6, h7) = state
  }

  @inline(__always)
  private static func compressBlock(
    _ base: UnsafeRawPointer, state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
    schedule: UnsafeMutableBufferPointer<UInt32>, k: UnsafeBufferPointer<UInt32>
  ) {
    for t in 0..<16 {
      schedule[t] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
    }
    for t in 16..<64 {
      let w15 = schedule[t - 15]
      let w2 = schedule[t - 2]
      let s0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
      let s1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
      schedule[t] = schedule[t - 16] &+ s0 &+ schedule[t - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = state
    // Eight rounds per step with the variables renamed instead of shifted: the classic unrolling
    // that saves eight register moves a round.
    for t in stride(from: 0, to: 64, by: 8) {
      round(a, b, c, &d, e, f, g, &h, k[t] &+ schedule[t])
      round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ schedule[t + 1])
      round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ schedule[t + 2])
      round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ schedule[t + 3])
      round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ schedule[t + 4])
      round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ schedule[t + 5])
      round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ schedule[t + 6])
      round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ schedule[t + 7])
    }
    state.0 &+= a
    state.1 &+= b
    state.2 &+= c
    state.3 &+= d
    state.4 &+= e
    state.5 &+= f
    state.6 &+= g
    state.7 &+= h
  }
}

/// One SHA-256 round: `d` and `h` are the two words it changes; `kw` is the round constant plus
/// the schedule word.
@inline(__always)
private func round(
  _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
  _ h: inout UInt32, _ kw: UInt32
) {
  let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
  let choice = (e & f) ^ (~e & g)
  let temp1 = h &+ sum1 &+ choice &+ kw
  let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
  let majority = (a & b) ^ (a & c) ^ (b & c)
  d &+= temp1
  h = temp1 &+ sum0 &+ majority
}

@inline(__always)
private func rotateRight(_ value: UInt32, _ amount: UInt32) -> UInt32 {
  (value >> amount) | (value << (32 - amount))
}

private let sha256RoundConstants: [UInt32] = [
  0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
  0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
  0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
  0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
  0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
  0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
  0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
  0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
]
