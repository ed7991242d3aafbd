/// `--streaming CHUNK[,CHUNK...]`: chunk sizes such as 16KiB, 256KiB or 1MiB (KiB and MiB are
/// binary, kB and MB decimal, a bare number is bytes).
enum StreamingChunks {
  /// From 1 KiB (below it the flushes cost more than they carry) to 64 MiB (above it a chunk is
  /// a whole body for every payload worth streaming).
  static let range = 1024...(64 << 20)

  static func parse(_ values: [String]) throws(CLIError) -> [Int] {
    var chunks: [Int] = []
    for text in values {
      guard let bytes = bytes(text.trimmingCharacters(in: .whitespaces)), range.contains(bytes) else {
        throw .usage(
          "--streaming expects chunk sizes from 1KiB to 64MiB such as 16KiB,256KiB,1MiB; got '\(text)'")
      }
      if !chunks.contains(bytes) { chunks.append(bytes) }
    }
    return chunks
  }

  static func bytes(_ text: String) -> Int? {
    let digits = text.prefix { $0.isNumber }
    guard let value = Int(digits), digits.count <= 9 else { return nil }
    let multiplier: Int? =
      switch text.dropFirst(digits.count) {
      case "", "B": 1
      case "KiB": 1024
      case "MiB": 1 << 20
      case "kB", "KB": 1000
      case "MB": 1_000_000
      default: nil
      }
    return multiplier.map { value * $0 }
  }
}
