import CZstd

/// zstd's dictionary builder (`ZDICT_trainFromBuffer`, fastCover with its default parameters),
/// the trainer behind `dict train`.
public enum ZstdDictionaryTrainer {
  /// The fewest samples a training run accepts. ZDICT itself asks for "a few thousand" samples
  /// for a good dictionary and fails below about 10 per KiB of dictionary; this floor catches the
  /// obvious mistake (a whole file as one sample) with a message before the library's.
  public static let minimumSamples = 8

  /// The smallest dictionary the trainer writes: zdict.h calls anything under 256 bytes useless.
  public static let minimumSize = 256

  /// Trains a dictionary of at most `size` bytes from `samples`.
  /// - Throws: `.trainingFailed` when there are too few samples, too few bytes for the size, or
  ///   ZDICT reports an error (its message is kept).
  public static func train(samples: [[UInt8]], size: Int) throws(DictionaryTrainingError) -> [UInt8] {
    guard size >= minimumSize else { throw .sizeTooSmall(size, minimum: minimumSize) }
    let used = samples.filter { !$0.isEmpty }
    guard used.count >= minimumSamples else { throw .tooFewSamples(used.count, minimum: minimumSamples) }
    let total = used.reduce(0) { $0 + $1.count }
    // ZDICT needs more sample bytes than dictionary bytes to pick from; below that it fails with
    // "Src size is incorrect" or writes a dictionary of repeated padding.
    guard total > size else { throw .tooFewBytes(total, size: size) }
    let joined = used.flatMap { $0 }
    let sizes = used.map(\.count)
    var dictionary = [UInt8](repeating: 0, count: size)
    let written = dictionary.withUnsafeMutableBytes { out in
      joined.withUnsafeBytes { samples in
        sizes.withUnsafeBufferPointer { sizes in
          ZDICT_trainFromBuffer(
            out.baseAddress, out.count, samples.baseAddress, sizes.baseAddress, UInt32(sizes.count))
        }
      }
    }
    guard ZDICT_isError(written) == 0 else {
      throw .library(String(cString: ZDICT_getErrorName(written)), samples: used.count, bytes: total, size: size)
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
