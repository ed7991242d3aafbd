import DeflateBenchModel
import DeflateBenchResults

extension MarkdownReport {
  /// Three lines under the title: the machine, the libraries, the date and command. The full
  /// context is the report's last section.
  static func contextHead(_ document: ResultsDocument) -> String {
    let context = document.context
    let versions = context.libraryVersions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    let machine =
      "- **Machine:** \(MarkdownText.plain(context.cpuModel)), \(context.logicalCores) logical cores, "
      + "\(MarkdownText.plain(context.os)); Swift \(MarkdownText.plain(context.swiftVersion)), "
      + "\(MarkdownText.plain(context.buildConfiguration)) build"
    let libraries =
      "- **Libraries:** " + MarkdownText.plain(versions.isEmpty ? "none recorded" : versions.joined(separator: ", "))
    let date =
      "- **Date:** \(MarkdownText.plain(context.date)), \(MarkdownText.code(context.commandLine)) (full context at the end)"
    return [machine, libraries, date].joined(separator: "\n") + "\n"
  }

  /// Where, when and how the numbers were made, and which inputs they describe: a figure read
  /// without its machine and build is not worth reading.
  static func contextSection(_ document: ResultsDocument) -> String {
    let context = document.context
    let versions = context.libraryVersions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    var items: [(String, String)] = [
      ("Date", context.date),
      ("CPU", "\(context.cpuModel), \(context.logicalCores) logical cores"),
      ("Memory", NumberText.bytes(Int(clamping: context.memoryBytes))),
      ("OS", "\(context.os), kernel \(context.kernel)"),
      ("Swift", context.swiftVersion),
      ("Build", context.buildConfiguration),
      ("Libraries", versions.isEmpty ? "none recorded" : versions.joined(separator: ", ")),
      ("Command", MarkdownText.code(context.commandLine)),
      ("Seed", String(context.seed)),
      (
        "Timing",
        "min-time \(NumberText.significant(context.minTimeSeconds)) s per batch, "
          + (context.batchesPerSample.map { "the fastest of \($0) batches per sample, " } ?? "one batch per sample, ")
          + "\(context.repetitions) repetitions; speeds are each cell's fastest sample, MB = 10^6 bytes of "
          + "uncompressed data"
      ),
      ("DeflateBench", context.projectVersion),
    ]
    if let shard = context.shard { items.append(("Shard", shard)) }
    if let load = context.loadAverage { items.append(("Load average", NumberText.fixed(load, decimals: 2))) }
    if let governor = context.governor { items.append(("CPU governor", governor)) }
    if let caches = MachineText.caches(context.caches) { items.append(("CPU caches", caches)) }
    if let cost = MachineText.runCost(context) { items.append(("Run", cost)) }
    if let hook = context.testHook { items.append(("Test hook (these are not real figures)", hook)) }

    var text = "## Context\n\n"
    for (name, value) in items {
      // Values are plain text except the command, which is already a code span.
      let shown = name == "Command" ? value : MarkdownText.plain(value)
      text += "- **\(name):** \(shown)\n"
    }
    return text + "\n" + corporaTable(document.corpora)
  }

  private static func corporaTable(_ corpora: [CorpusRecord]) -> String {
    guard !corpora.isEmpty else { return "No corpus records.\n" }
    // Notes (a HAR's endpoints and bodiless requests) get a column only when a corpus has some.
    let hasNotes = corpora.contains { !($0.notes ?? []).isEmpty }
    var table = MarkdownTable(
      headers: ["Corpus", "Kind", "Split", "Bytes", "Payloads", "SHA-256"] + (hasNotes ? ["Notes"] : []),
      alignments: [.left, .left, .left, .right, .right, .left] + (hasNotes ? [.left] : []))
    for record in corpora {
      table.append(
        [
          MarkdownText.plain(record.name), MarkdownText.plain(record.kind), MarkdownText.plain(record.split),
          String(record.bytes), String(record.payloads),
          MarkdownText.code(record.sha256),
        ] + (hasNotes ? [MarkdownText.plain((record.notes ?? []).joined(separator: "; "))] : []))
    }
    return "### Corpora\n\n" + table.render()
  }
}
