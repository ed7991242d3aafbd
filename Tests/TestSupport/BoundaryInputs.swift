import DeflateBenchSupport

/// Bodies whose sizes sit on and one byte either side of every power of two from 1 KiB to 1 MiB,
/// in three kinds of data that compress very differently. Every buffer the streaming code cuts
/// at is one of those powers: the decoders' 128 KiB output buffer, the compressors' 64 KiB
/// output buffer, the server's 256 KiB read buffer, zlib's 32 KiB window and 64 KiB pending
/// buffer, zstd's 128 KiB block. A stream that ends on the call that fills a buffer exactly is
/// where a decoder once took a complete body for a cut-off one (issue #39).
public enum BoundaryInputs {
  public enum Kind: String, CaseIterable, Sendable {
    /// Words of a seeded vocabulary in lines: compresses about 3:1, mostly by Huffman coding.
    case text
    /// Event objects with repeated keys and varying values: long matches, about 6:1.
    case json
    /// Incompressible bytes: every encoder falls back to stored or raw blocks.
    case random
  }

  /// 2^k - 1, 2^k and 2^k + 1 for k = 10 ... 20.
  public static let sizes: [Int] = (10...20).flatMap { around(1 << $0) }

  /// `size` and one byte either side.
  public static func around(_ size: Int) -> [Int] { [size - 1, size, size + 1] }

  /// The first `count` bytes of `kind`: every size is a prefix of one seeded body, so a failure
  /// reproduces byte for byte and the bodies are made once.
  public static func body(_ kind: Kind, count: Int) -> ArraySlice<UInt8> {
    let whole: [UInt8] =
      switch kind {
      case .text: text
      case .json: json
      case .random: random
      }
    precondition(count <= whole.count, "boundary bodies are made up to \(whole.count) bytes")
    return whole[..<count]
  }

  /// Enough for the largest size and a few bytes more.
  static let longest = (1 << 20) + 1024

  static let text: [UInt8] = {
    var generator = Xoshiro256StarStar(seed: 39, stream: "boundary-text")
    let letters = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
    let vocabulary: [[UInt8]] = (0..<2000).map { _ in
      // Frequent letters first: a skewed alphabet, as in prose.
      (0..<generator.int(in: 2...10)).map { _ in letters[min(generator.int(in: 0...25), generator.int(in: 0...25))] }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(longest + 16)
    var wordsOnLine = 0
    while bytes.count < longest {
      bytes += vocabulary[generator.int(in: 0...(vocabulary.count - 1))]
      wordsOnLine += 1
      if wordsOnLine == 12 {
        bytes += [UInt8(ascii: "."), 0x0A]
        wordsOnLine = 0
      } else {
        bytes.append(0x20)
      }
    }
    return bytes
  }()

  static let json: [UInt8] = {
    var generator = Xoshiro256StarStar(seed: 39, stream: "boundary-json")
    let events = ["page_view", "add_to_cart", "checkout", "search", "sign_in", "Order Completed"]
    var bytes = Array("[".utf8)
    bytes.reserveCapacity(longest + 256)
    var index = 0
    while bytes.count < longest {
      let event = events[generator.int(in: 0...(events.count - 1))]
      let user = generator.int(in: 0...99_999)
      let cents = generator.int(in: 0...999_999)
      let id = String(generator.next(), radix: 36)
      let object =
        #"{"event":"\#(event)","properties":{"distinct_id":"user-\#(user)","time":\#(1_700_000_000 + index),"#
        + #""amount":\#(cents / 100).\#(cents % 100),"currency":"EUR","$insert_id":"\#(id)"}},"#
      bytes += Array(object.utf8)
      index += 1
    }
    return bytes
  }()

  static let random: [UInt8] = {
    var generator = Xoshiro256StarStar(seed: 39, stream: "boundary-random")
    var bytes = [UInt8](repeating: 0, count: longest)
    bytes.withUnsafeMutableBytes { raw in
      for word in 0..<(longest / 8) { raw.storeBytes(of: generator.next(), toByteOffset: word * 8, as: UInt64.self) }
    }
    return bytes
  }()
}
