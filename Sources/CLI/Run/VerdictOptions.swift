import DeflateBenchResults

/// `run`'s options for the verdict's rules (docs/verdict.md): how the client makes compressors,
/// the least saving worth compressing for, and the codings the server accepts.
struct VerdictOptions {
  var compressor = ModelParameters.defaultCompressor
  var minSavingMs = ModelParameters.defaultMinSavingMs
  var minSavingPercent = ModelParameters.defaultMinSavingPercent
  var accept: [String]?

  static let specs: [OptionSpec] = [
    .value(
      "compressor", "kind",
      help:
        "per-request: the client creates a compressor for every body, as most upload code does, so each request pays the measured cold call's extra over the warm call; reused: one compressor kept across bodies, the warm speed alone. Default: per-request."
    ),
    .value(
      "min-saving", "ms,percent",
      help:
        "The least saving for which the verdict says compress: both a time in milliseconds and a share of the uncompressed request's time, such as 1,2 (1 ms and 2 %). A smaller saving, however sure, is no meaningful difference. Default: 1,2."
    ),
    .value(
      "accept", "codings",
      help:
        "The Content-Encodings the server accepts, comma-separated, from \(ModelParameters.defaultAccept.joined(separator: ", ")): the verdict picks only among settings that send one of them (most analytics APIs take gzip only: --accept gzip). Default: all of them."
    ),
  ]

  init() {}

  init(_ arguments: ParsedArguments) throws(CLIError) {
    if let kind = arguments.string("compressor") {
      guard kind == "per-request" || kind == "reused" else {
        throw .usage("--compressor expects per-request or reused; got '\(kind)'")
      }
      compressor = kind
    }
    if let text = arguments.string("min-saving") {
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      guard parts.count == 2, let ms = parts[0], let percent = parts[1], ms >= 0, ms.isFinite, percent >= 0,
        percent < 100
      else {
        throw .usage("--min-saving expects milliseconds and a percentage below 100, such as 1,2; got '\(text)'")
      }
      minSavingMs = ms
      minSavingPercent = percent
    }
    if let text = arguments.string("accept") {
      let codings = text.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }
      let known = ModelParameters.defaultAccept
      if let unknown = codings.first(where: { !known.contains($0) }) {
        throw .usage(
          "--accept expects Content-Encodings from \(known.joined(separator: ", ")), comma-separated; "
            + "'\(unknown)' is not one of them")
      }
      accept = known.filter(codings.contains)
    }
  }

  /// Writes the rules into the model parameters results.json records.
  func apply(to parameters: inout ModelParameters) {
    parameters.compressor = compressor
    parameters.minSavingMs = minSavingMs
    parameters.minSavingPercent = minSavingPercent
    // Written out even when it is the default, so results.json says what the verdict assumed.
    parameters.accept = accept ?? ModelParameters.defaultAccept
  }
}
