import DeflateBenchResults

/// `run`'s options for the verdict's rules (docs/verdict.md): how the client makes compressors,
/// what the rules weigh, the least saving worth compressing for, and the codings the server
/// accepts.
struct VerdictOptions {
  var compressor = ModelParameters.defaultCompressor
  var objective = VerdictObjective.time
  var minSavingMs = ModelParameters.defaultMinSavingMs
  var minSavingMj = ModelParameters.defaultMinSavingMj
  var minSavingPercent = ModelParameters.defaultMinSavingPercent
  var accept: [String]?

  static let compressors = OptionChoices(option: "compressor", values: ModelParameters.compressors)
  static let objectives = OptionChoices(option: "objective", values: VerdictObjective.allCases.map(\.rawValue))

  static let all: [OptionSpec] = [
    .value(
      "compressor", "kind",
      help:
        "per-request: the client creates a compressor for every body, as most upload code does, so each request pays the measured cold call's extra over the warm call; reused: one compressor kept across bodies, the warm speed alone. Default: \(ModelParameters.defaultCompressor)."
    ),
    .value(
      "objective", objectives.values.joined(separator: "|"),
      help:
        "What the verdict's decision and pick weigh: time (the modelled time per request) or energy (the phone's modelled energy per request with the radio already up, docs/energy.md). Rows whose energy is not modelled (this machine, a link whose radio is unknown, a phone without a CPU power such as phone-mid) are decided on time, and the row and the answer say why. Default: \(VerdictObjective.time.rawValue)."
    ),
    .value(
      "min-saving", "amount,percent",
      help:
        "The least saving for which the verdict says compress: an amount and a share of sending uncompressed, such as 1ms,2% (1 ms and 2 % of the uncompressed request's time). With --objective energy the amount is energy per request, such as 5mJ,2%; 5mJ,1ms,2% also sets the milliseconds of the rows decided on time. The older form 1,2 means 1ms,2%. A smaller saving, however sure, is no meaningful difference. Default: \(plain(ModelParameters.defaultMinSavingMs))ms,\(plain(ModelParameters.defaultMinSavingPercent))% (with energy \(plain(ModelParameters.defaultMinSavingMj))mJ,\(plain(ModelParameters.defaultMinSavingPercent))%)."
    ),
    .value(
      "accept", "codings",
      help:
        "The Content-Encodings the server accepts, comma-separated, from \(ModelParameters.defaultAccept.joined(separator: ", ")): the verdict picks only among settings that send one of them (most analytics APIs take gzip only: --accept gzip). Default: all of them."
    ),
  ]

  /// A default as the options spell it: 1 for 1.0, 0.5 for 0.5.
  private static func plain(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  init() {}

  init(_ arguments: ParsedArguments) throws(CLIError) {
    compressor = try Self.compressors.parse(arguments, default: compressor)
    objective =
      VerdictObjective(rawValue: try Self.objectives.parse(arguments, default: objective.rawValue)) ?? objective
    if let text = arguments.string("min-saving") {
      let minimum = try MinSavingOption(parsing: text, objective: objective)
      minSavingMs = minimum.milliseconds ?? minSavingMs
      minSavingMj = minimum.millijoules ?? minSavingMj
      minSavingPercent = minimum.percent
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
    // Written out even when they are the defaults, so results.json says what the verdict weighed.
    parameters.objective = objective.rawValue
    parameters.minSavingMs = minSavingMs
    parameters.minSavingMj = objective == .energy ? minSavingMj : nil
    parameters.minSavingPercent = minSavingPercent
    // Written out even when it is the default, so results.json says what the verdict assumed.
    parameters.accept = accept ?? ModelParameters.defaultAccept
  }
}
