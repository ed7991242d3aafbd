import CZstd
import DeflateBenchSupport

/// zstd's dictionary builder, the trainer behind `dict train`.
///
/// The samples are shuffled first, with a seeded generator: ZDICT's searches train on the first
/// 75 % of the samples and score on the rest, so a file whose lines come grouped (by brand, by
/// event type) would otherwise train on some groups and score on others. The `zstd --train`
/// command shuffles its samples for the same reason; the same seed gives the same dictionary.
///
/// - `.fast`: one `ZDICT_trainFromBuffer` call (fastCover, d = 8, a 4-step search of k).
/// - `.optimized`: the parameter searches of `ZstdDictionarySearch` within a time budget, the
///   chosen trainer then written in the best of 8 sample orders.
public enum ZstdDictionaryTrainer {
  /// The fewest samples a training run accepts. ZDICT itself asks for "a few thousand" samples
  /// for a good dictionary and fails below about 10 per KiB of dictionary; this floor catches the
  /// obvious mistake (a whole file as one sample) with a message before the library's.
  public static let minimumSamples = 8

  /// The smallest dictionary the trainer writes: zdict.h calls anything under 256 bytes useless.
  public static let minimumSize = 256

  /// How hard the trainer looks for good parameters.
  public enum Method: Sendable, Equatable {
    /// One ZDICT_trainFromBuffer pass, as `dict train` did before it searched.
    case fast
    /// The searches of `ZstdDictionarySearch`, which stop starting new work once `budgetSeconds`
    /// is spent.
    case optimized(budgetSeconds: Double)
  }

  /// A trained dictionary and how it was found, for `dict train` to print.
  public struct Result: Sendable {
    public let dictionary: [UInt8]
    /// One line per trainer tried, with its parameters and held-out score; the chosen one first.
    public let summary: [String]
    /// Wall-clock seconds of the whole training.
    public let seconds: Double
  }

  /// Trains a dictionary of at most `size` bytes from `samples`, shuffled with `seed`.
  /// - Throws: `.trainingFailed` when there are too few samples, too few bytes for the size, or
  ///   ZDICT reports an error (its message is kept).
  public static func train(samples: [[UInt8]], size: Int, seed: UInt64, method: Method)
    throws(DictionaryTrainingError) -> Result
  {
    guard size >= minimumSize else { throw .sizeTooSmall(size, minimum: minimumSize) }
    let used = samples.filter { !$0.isEmpty }
    guard used.count >= minimumSamples else { throw .tooFewSamples(used.count, minimum: minimumSamples) }
    let total = used.reduce(0) { $0 + $1.count }
    // ZDICT needs more sample bytes than dictionary bytes to pick from; below that it fails with
    // "Src size is incorrect" or writes a dictionary of repeated padding.
    guard total > size else { throw .tooFewBytes(total, size: size) }
    let clock = ContinuousClock()
    let start = clock.now
    let set = SampleSet(shuffle(used, seed: seed))
    let dictionary: [UInt8]
    let summary: [String]
    switch method {
    case .fast:
      dictionary = try set.train(size: size, operation: "ZDICT_trainFromBuffer") {
        ZDICT_trainFromBuffer($0, $1, $2, $3, $4)
      }
      summary = ["fastCover with zstd's defaults (d=8, 4-step search of k), one pass"]
    case .optimized(let budget):
      (dictionary, summary) = try ZstdDictionarySearch(set: set, size: size, seed: seed, budgetSeconds: budget).run()
    }
    return Result(dictionary: dictionary, summary: summary, seconds: (clock.now - start).seconds)
  }

  /// The samples in a seeded Fisher-Yates order (Xoshiro256** on the stream "dict-train").
  public static func shuffle(_ samples: [[UInt8]], seed: UInt64) -> [[UInt8]] {
    var generator = Xoshiro256StarStar(seed: seed, stream: "dict-train")
    return shuffle(samples, using: &generator)
  }

  /// The samples in a Fisher-Yates order drawn from `generator` (written out rather than the
  /// standard library's `shuffle(using:)`, whose algorithm may change between Swift versions).
  static func shuffle(_ samples: [[UInt8]], using generator: inout Xoshiro256StarStar) -> [[UInt8]] {
    var shuffled = samples
    var index = shuffled.count - 1
    while index > 0 {
      shuffled.swapAt(index, generator.index(index + 1))
      index -= 1
    }
    return shuffled
  }
}

/// Samples laid out as ZDICT takes them: one flat buffer and the sizes.
struct SampleSet {
  let samples: [[UInt8]]
  let joined: [UInt8]
  let sizes: [Int]
  var totalBytes: Int { joined.count }

  init(_ samples: [[UInt8]]) {
    self.samples = samples
    joined = samples.flatMap { $0 }
    sizes = samples.map(\.count)
  }

  /// Runs one ZDICT call into a `size`-byte buffer and returns the dictionary it wrote.
  func train(
    size: Int, operation: String,
    _ call: (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, UnsafePointer<Int>?, UInt32) -> Int
  ) throws(DictionaryTrainingError) -> [UInt8] {
    var dictionary = [UInt8](repeating: 0, count: size)
    let written = dictionary.withUnsafeMutableBytes { out in
      joined.withUnsafeBytes { flat in
        sizes.withUnsafeBufferPointer { sizes in
          call(out.baseAddress, out.count, flat.baseAddress, sizes.baseAddress, UInt32(sizes.count))
        }
      }
    }
    guard ZDICT_isError(written) == 0 else {
      throw .library(
        "\(operation): \(String(cString: ZDICT_getErrorName(written)))", samples: samples.count, bytes: totalBytes,
        size: size)
    }
    return Array(dictionary.prefix(written))
  }
}

/// Why `dict train` could not produce a dictionary: each case is a problem with its input.
public enum DictionaryTrainingError: Error, Equatable, Sendable, CustomStringConvertible {
  case sizeTooSmall(Int, minimum: Int)
  case tooFewSamples(Int, minimum: Int)
  case tooFewBytes(Int, size: Int)
  case library(String, samples: Int, bytes: Int, size: Int)

  public var description: String {
    switch self {
    case .sizeTooSmall(let size, let minimum):
      "a dictionary of \(size) bytes is too small to be useful; ask for at least \(minimum)"
    case .tooFewSamples(let count, let minimum):
      "too few training samples: \(count) non-empty payloads, at least \(minimum) are needed "
        + "(split the corpus into single events, e.g. events=1 or lines=1)"
    case .tooFewBytes(let total, let size):
      "too few training bytes: the samples hold \(total) bytes, not more than the \(size)-byte dictionary asked for"
    case .library(let message, let samples, let bytes, let size):
      "zstd's trainer failed on \(samples) samples (\(bytes) bytes) for a \(size)-byte dictionary: \(message); "
        + "give more samples or ask for a smaller size"
    }
  }
}
