import DeflateBenchMeasurement

/// The report's "Uploads" section as Markdown, a pure function of the results: per payload set
/// and link, the fastest setting and the smallest one nearly as fast; break-even uplinks; the
/// payload size below which compressing does not pay; one sentence of advice per payload set;
/// and, when the run uploaded, measured next to modelled times.
public enum UploadReport {
  /// - Parameters:
  ///   - document: the finished results.
  ///   - links: the links to model; empty means every preset.
  ///   - extraMeasurements: uploads on further links that the results' single `upload` field
  ///     could not hold, by cell key (see `UploadRun`).
  /// - Returns: the section, or nil when no cell can be modelled (no successful cells).
  public static func markdown(
    for document: ResultsDocument, links: [LinkPreset], extraMeasurements: [CellKey: [UploadMeasurement]] = [:]
  ) -> String? {
    let links = links.isEmpty ? LinkPreset.catalog : links
    // One uploader is one thread: model the single-threaded cells where a run has several.
    let usable = document.cells.filter { $0.threads == 1 }.compactMap(UploadCellModel.init)
    guard !usable.isEmpty else { return nil }
    let sets = Dictionary(grouping: usable) { "\($0.cell.corpus)/\($0.cell.split)" }
    let order = sets.keys.sorted()
    // The "## Uploads" heading is the Markdown report's: it owns every section heading.
    var lines = [
      "Modelled total time = compress + bytes / uplink rate + server decode + RTT x requests, per payload set, "
        + "with the medians of the measured speeds. Links: "
        + links.map {
          "\($0.name) \(LinkRate.format(bitsPerSecond: $0.uplinkBitsPerSecond)) up, \(LinkRate.formatMilliseconds($0.rttMilliseconds)) RTT"
        }
        .joined(separator: "; ") + ".", "",
    ]
    lines += advice(sets: sets, order: order, links: links)
    lines += choices(sets: sets, order: order, links: links)
    lines += breakEven(sets: sets, order: order)
    lines += thresholds(sets: sets, order: order, links: links)
    lines += measured(document: document, extra: extraMeasurements)
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Sections

  private static func advice(sets: [String: [UploadCellModel]], order: [String], links: [LinkPreset]) -> [String] {
    let link = links.first { $0.name == "lte" } ?? links[links.count / 2]
    var lines = ["### Advice (\(link.name) uplink)", ""]
    for key in order {
      guard let choice = UploadChoice(cells: sets[key]!, link: link) else { continue }
      let pick = choice.fastest
      let fewer = Double(pick.cell.inputBytes) / Double(pick.cell.outputBytes)
      var sentence = "- \(link.name) uplink, \(key) (\(Format.bytes(pick.cell.payloadBytes)) per request): "
      if choice.percentSooner > 0 {
        sentence += "\(pick.setting) sends \(Format.ratio(fewer)) fewer bytes and finishes "
        sentence += "\(Format.percent(choice.percentSooner)) sooner than sending them uncompressed"
      } else {
        sentence += "send uncompressed; the best setting (\(pick.setting)) would finish "
        sentence += "\(Format.percent(-choice.percentSooner)) later"
      }
      if let threshold = pick.smallPayloadThreshold(on: link) {
        sentence += "; below \(Format.bytes(threshold)), send uncompressed."
      } else {
        sentence += "."
      }
      lines.append(sentence)
    }
    return lines + [""]
  }

  private static func choices(sets: [String: [UploadCellModel]], order: [String], links: [LinkPreset]) -> [String] {
    var lines = [
      "### Fastest setting per link", "",
      "| payload set | link | fastest setting | modelled ms | vs identity | smallest within 5 % | its bytes | its ms |",
      "|---|---|---|---:|---:|---|---:|---:|",
    ]
    for key in order {
      for link in links {
        guard let choice = UploadChoice(cells: sets[key]!, link: link) else { continue }
        let fast = choice.fastest.estimate(on: link).totalSeconds
        let small = choice.smallestNearFastest
        lines.append(
          "| \(key) | \(link.name) | \(choice.fastest.setting) | \(Format.milliseconds(fast)) | "
            + "\(Format.signedPercent(-choice.percentSooner)) | \(small.setting) | \(Format.bytes(small.cell.outputBytes)) | "
            + "\(Format.milliseconds(small.estimate(on: link).totalSeconds)) |")
      }
    }
    return lines + [""]
  }

  private static func breakEven(sets: [String: [UploadCellModel]], order: [String]) -> [String] {
    var lines = [
      "### Break-even uplink", "",
      "Above this uplink rate compressing with the setting no longer pays: saving / (1 / compress speed + 1 / decompress speed).",
      "", "| payload set | setting | ratio | compress MB/s | decompress MB/s | break-even |",
      "|---|---|---:|---:|---:|---:|",
    ]
    for key in order {
      // The smallest output and the fastest compressor bracket what a reader can choose.
      let cells = sets[key]!
      var picks: [UploadCellModel] = []
      if let smallest = cells.min(by: { $0.cell.outputBytes < $1.cell.outputBytes }) { picks.append(smallest) }
      if let fastest = cells.max(by: { $0.compressBytesPerSecond < $1.compressBytesPerSecond }),
        !picks.contains(where: { $0.setting == fastest.setting })
      {
        picks.append(fastest)
      }
      for pick in picks {
        let rate = pick.breakEvenBytesPerSecond.map { Format.rate(bytesPerSecond: $0) } ?? "never pays"
        lines.append(
          "| \(key) | \(pick.setting) | \(Format.ratio(pick.cell.ratio)) | \(Format.speed(pick.compressBytesPerSecond)) | "
            + "\(Format.speed(pick.decompressBytesPerSecond)) | \(rate) |")
      }
    }
    return lines + [""]
  }

  private static func thresholds(sets: [String: [UploadCellModel]], order: [String], links: [LinkPreset]) -> [String] {
    var lines = [
      "### Small payloads", "",
      "Below this body size the framing and the Content-Encoding line cost more link time than compression saves "
        + "(fastest setting per link; a lower bound, since small bodies compress worse than the batch measured).",
      "", "| payload set | " + links.map(\.name).joined(separator: " | ") + " |",
      "|---|" + String(repeating: "---:|", count: links.count),
    ]
    for key in order {
      let cells = sets[key]!
      let values = links.map { link -> String in
        guard let choice = UploadChoice(cells: cells, link: link) else { return "-" }
        return choice.fastest.smallPayloadThreshold(on: link).map(Format.bytes) ?? "never pays"
      }
      lines.append("| \(key) | " + values.joined(separator: " | ") + " |")
    }
    return lines + [""]
  }

  private static func measured(document: ResultsDocument, extra: [CellKey: [UploadMeasurement]]) -> [String] {
    let rows = document.cells.flatMap { cell in
      ((cell.upload.map { [$0] } ?? []) + (extra[cell.key] ?? [])).map { (cell, $0) }
    }
    guard !rows.isEmpty else { return [] }
    var lines = [
      "### Measured uploads", "",
      "Real HTTP requests to the echo server (URLSession, one kept-alive connection); on an emulated link the model's "
        + "prediction for the same bytes (wire bytes / rate + RTT x requests + server decode and digest time) beside it.",
      "", "| payload set | setting | link | measured ms | identity ms | modelled ms | difference |",
      "|---|---|---|---:|---:|---:|---:|",
    ]
    for (cell, upload) in rows.sorted(by: { ($0.0.key, $0.1.link) < ($1.0.key, $1.1.link) }) {
      let modelled = upload.modelledMs.map { Format.milliseconds($0 / 1000) } ?? "-"
      let difference =
        upload.modelledMs.map { $0 > 0 ? Format.signedPercent(100 * (upload.uploadMs / $0 - 1)) : "-" } ?? "-"
      lines.append(
        "| \(cell.corpus)/\(cell.split) | \(cell.backend) \(cell.containerLabel) level \(cell.level) | \(upload.link) | "
          + "\(Format.milliseconds(upload.uploadMs / 1000)) | \(Format.milliseconds(upload.uploadIdentityMs / 1000)) | "
          + "\(modelled) | \(difference) |")
    }
    return lines + [""]
  }
}
