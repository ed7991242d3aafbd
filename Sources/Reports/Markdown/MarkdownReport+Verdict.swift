import DeflateBenchModel
import DeflateBenchResults

extension MarkdownReport {
  /// The answer first: per payload set, link and device, whether to compress and with what, and
  /// what it saves per request. Rows come from `document.verdict`; the notes under the table
  /// name every parameter the model used.
  static func verdictSection(_ document: ResultsDocument) -> String? {
    guard let model = document.model, let rows = document.verdict, !rows.isEmpty else { return nil }
    let measured = rows.contains { $0.measuredBestMs != nil }
    let energy = rows.contains { $0.energy != nil }
    var table = MarkdownTable(
      text: ["Payload set", "Link", "Device", "Verdict", "gzip pick", "Recommended", "Fastest"],
      numbers: [
        "None ms", "zlib 6 ms", "gzip ms", "Recommended ms", "Fastest ms (95 % interval)", "Faster by",
      ] + (energy ? ["Energy saved / request"] : []) + [
        "Saved / request", "Per 10^6 requests", "Client CPU / body", "Server s / GB decoded",
      ] + (measured ? ["Measured best ms", "Measured none ms"] : []))
    for row in rows {
      let best = CellText.setting(row.bestBackend, row.bestContainer, row.bestLevel)
      let ties = row.bestTies.isEmpty ? "" : " (tied: \(row.bestTies.joined(separator: ", ")))"
      // A row of an energy-objective run that was decided on time says so (its note is below).
      let fallback = row.objectiveNote == nil ? "" : " (on time)"
      let decision = VerdictText.decision(row)
      let picks: [String] = [
        MarkdownText.plain(row.payloadSetLabel), MarkdownText.plain(row.link), MarkdownText.plain(row.device),
        (row.compress ? "**\(decision)**" : decision) + fallback,
        MarkdownText.plain(CellText.setting(row.gzipBackend, "gzip", row.gzipLevel) ?? "—"),
        MarkdownText.plain((best ?? "—") + ties),
        MarkdownText.plain(CellText.setting(row.fastestBackend, row.fastestContainer, row.fastestLevel) ?? "—"),
      ]
      var interval = ""
      if let low = row.fastestLowMs, let high = row.fastestHighMs {
        interval = " (\(NumberText.milliseconds(low))-\(NumberText.milliseconds(high)))"
      }
      let times: [String] = [
        NumberText.milliseconds(row.identityMs), optional(row.zlib6Ms, NumberText.milliseconds),
        optional(row.gzipMs, NumberText.milliseconds), optional(row.bestMs, NumberText.milliseconds),
        optional(row.fastestMs, NumberText.milliseconds) + interval,
        "\(NumberText.milliseconds(row.savingMs)) ms (\(NumberText.fixed(row.savingPct, decimals: 0)) %)",
      ]
      let energySaved = row.energy?.inSession.savingMj.map { NumberText.energy(millijoules: $0) } ?? "—"
      let costs: [String] =
        (energy ? [energySaved] : []) + [
          NumberText.bytes(row.bytesSavedPerRequest), NumberText.bytes(row.bytesSavedPerMillionRequests),
          optional(row.clientCPUMicrosecondsPerBody.map { $0 / 1e6 }, NumberText.duration),
          optional(row.serverDecodeSecondsPerGigabyte, NumberText.significant),
        ]
      var fields = picks + times + costs
      if measured {
        fields += [
          optional(row.measuredBestMs, NumberText.milliseconds),
          optional(row.measuredIdentityMs, NumberText.milliseconds),
        ]
      }
      table.append(fields)
    }
    let streaming = streamingComparison(rows).map { "\n" + $0 } ?? ""
    return "## Verdict\n\n" + table.render() + "\n" + verdictNotes(model, energy: energy) + streaming + "\n"
  }

  /// Whole body or streaming, for the rows of payload sets the run streamed (`--streaming`) whose
  /// bodies span more than one chunk.
  private static func streamingComparison(_ rows: [VerdictRow]) -> String? {
    let compared = rows.filter { $0.streamingMs != nil }
    guard !compared.isEmpty else { return nil }
    let measured = compared.contains { $0.measuredStreamingMs != nil }
    var table = MarkdownTable(
      text: ["Payload set", "Link", "Device", "Answer", "Streaming setting"],
      numbers: [
        "Chunk", "Whole-body ms", "Streaming ms", "Saved by streaming", "Client buffer whole",
        "Client buffer streaming",
      ] + (measured ? ["Measured whole ms", "Measured streaming ms"] : []))
    for row in compared {
      guard let ms = row.streamingMs, let saving = row.streamingSavingMs else { continue }
      let whole = ms + saving
      var fields = [
        MarkdownText.plain(row.payloadSetLabel), MarkdownText.plain(row.link), MarkdownText.plain(row.device),
        row.stream == true ? "**stream**" : "whole body",
        MarkdownText.plain(CellText.setting(row.streamingBackend, row.streamingContainer, row.streamingLevel) ?? "—"),
        optional(row.streamingChunkBytes.map(Double.init), NumberText.bytes), NumberText.milliseconds(whole),
        NumberText.milliseconds(ms), "\(NumberText.milliseconds(saving)) ms",
        optional(row.wholeBodyBufferBytes, NumberText.bytes),
        optional(row.streamingBufferBytes.map(Double.init), NumberText.bytes),
      ]
      if measured {
        fields += [
          optional(row.measuredWholeBodyMs, NumberText.milliseconds),
          optional(row.measuredStreamingMs, NumberText.milliseconds),
        ]
      }
      table.append(fields)
    }
    return """
      ### Whole body or streaming

      Compressing while sending (`--streaming`): the streaming form with the lowest modelled total \
      (first chunk's compress time, then the slower of compressing the rest and delivering the \
      streamed bytes through slow start, then the response and the last chunk's decode) against the \
      whole-body answer above (the best setting, or no compression). Client buffer: what the client \
      holds beside the input, the whole compressed body against the streaming compressor's working \
      memory, which does not grow with the body. Measured: the streaming setting's two uploads \
      over the emulated link, per request.


      """ + table.render()
  }

  private static func optional(_ value: Double?, _ format: (Double) -> String) -> String {
    value.map(format) ?? "—"
  }

  private static func verdictNotes(_ model: ModelParameters, energy: Bool) -> String {
    let links = model.links.map {
      "\($0.name) \(NumberText.bitRate($0.uplinkBitsPerSecond)) up, \(NumberText.significant($0.rttMilliseconds)) ms RTT"
    }
    let devices = model.devices.map { DeviceText.factor($0) }
    let connection =
      model.isCold
      ? "cold (each request opens a connection: \(HTTPFraming.handshakeRoundTrips(model)) more round trips for \(model.http == "3" ? "QUIC's combined transport and TLS handshake" : "TCP and TLS 1.3"))"
      : "warm (a kept-alive connection whose window restarted after idle, RFC 5681 4.1)"
    let percent = NumberText.significant(model.minimumSavingPercent)
    let minimum = "\(NumberText.significant(model.minimumSavingMs)) ms and \(percent) %"
    let objective =
      model.verdictObjective == .energy
      ? "energy: the rules weigh the phone's modelled energy per request in session (docs/energy.md) in place of "
        + "the time, with a minimum saving of \(NumberText.significant(model.minimumSavingMj)) mJ and \(percent) %; "
        + "rows whose energy is not modelled (this machine, a link whose radio is unknown, a phone without a CPU "
        + "power) are decided on time, marked (on time)"
      : "time"
    let energyNote =
      energy
      ? " Energy saved: the recommended setting's, per request, on the phone's radio and CPU (the same for an "
        + "isolated request and one in session; docs/energy.md)." : ""
    let compressor =
      model.reusesCompressor
      ? "reused (one compressor kept across bodies: the warm speed)"
      : "per request (a new compressor for every body: the cold call's extra over the warm call is added to each)"
    return """
      Modelled milliseconds per request, the mean over the set's bodies, each at its own size: client \
      compress + \(model.isCold ? "handshakes + " : "")request head and body through TCP slow start (initial \
      window \(model.initialWindowSegments) × \(model.mssBytes) B, doubling each round trip) + the response's \
      round trip + what the server's decode adds after the last byte. Every total has a 95 % interval from \
      the intervals of the compress and decode speeds' headlines (and of the cold call's extra). A setting \
      **beats** another when its whole interval lies below the other's and it saves at least \(minimum) of \
      the other's total. **Compress** when some setting beats sending uncompressed; **send uncompressed** \
      when every setting is slower beyond its interval; otherwise **no meaningful difference**. \
      **Recommended**: \(ReferenceCell.default.label) unless a setting beats it; else, among the settings \
      that beat it, the fewest bytes of those the fastest of them does not beat (then client CPU, then \
      name); the **gzip pick** the same among gzip cells (the recommended setting when that is gzip). \
      Only settings whose coding the server accepts (\(model.acceptedCodings.joined(separator: ", "))) \
      are candidates. Cells with ratio at or below 1 are never picked. \
      Faster by: saved time is positive.\(energyNote) Rules and examples: docs/verdict.md.

      - **Objective:** \(objective).
      - **Compressor:** \(compressor).
      - **Connection:** \(connection).
      - **Transport:** HTTP/\(model.http), sender congestion control \(model.senderCongestionControl), \
      \(model.mssBytes) B of payload + \(model.packetHeaderBytes) B of headers per packet; the rates are wire rates \
      (docs/model.md: the model against the kernel's TCP).
      - **Request head:** \(model.requestHeadBytes) B (\(model.requestHeadSource)).
      - **Links:** \(MarkdownText.plain(links.joined(separator: "; "))).
      - **Devices:** \(MarkdownText.plain(devices.joined(separator: "; "))).

      """
  }
}
