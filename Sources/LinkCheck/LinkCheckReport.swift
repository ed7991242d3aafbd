import DeflateBenchModel
import DeflateBenchSupport
import Foundation

/// Writes linkcheck.json and linkcheck.md into a folder, each atomically (a temporary file
/// renamed into place), so an interrupted check never leaves a half-written file.
public enum LinkCheckReport {
  public static func json(_ record: LinkCheckRecord) -> [UInt8] {
    let encoder = SnakeCaseKeys.encoder([.prettyPrinted, .sortedKeys])
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return Array((try? encoder.encode(record)) ?? Data()) + [10]
  }

  /// The Markdown table: one row per case, then the summaries and the link checks.
  public static func markdown(_ record: LinkCheckRecord) -> String {
    func f(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
    var text = "# Upload model against the kernel's TCP\n\n"
    text += "`\(record.command)` on Linux \(record.kernel), \(record.date), \(record.repetitions) repetitions per case"
    text +=
      record.realtimePriority
      ? ", delay line, client and server at real-time priority.\n\n"
      : ", WITHOUT real-time priority (timings may be late).\n\n"
    if !record.complete { text += "**Incomplete: interrupted.**\n\n" }
    text +=
      "Error = (modelled - net) / net, net = measured - the harness's own overhead per request (\(f(record.harnessOverhead.warmMs, 2)) ms warm, \(f(record.harnessOverhead.coldMs, 2)) ms cold: 1 kB through a line of 2 ms RTT without rate limit, less its round trips); raw error leaves it in. Idle: the gap between a kept-alive connection's response and its next request. Window: the model's starting window in segments, and the kernel's after the gap (tcp_cwnd_restart on the socket's TCP_INFO), median of the repetitions.\n\n"
    text +=
      "| link | body B | cc | connection | idle s | window model / kernel | modelled ms | measured ms | min ms | max ms | overhead ms | error | raw error | lost packets | load |\n"
    text += "|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    for row in record.cases {
      let idle = row.idleSeconds.map { String(format: "%g", $0) } ?? "-"
      let kernelWindow = row.kernelBefore.flatMap { states in
        Quantile.median(ofSorted: states.map { Double($0.restartWindow) }.sorted())
      }
      let window = "\(row.modelledWindowSegments.map { f($0, 0) } ?? "rate") / \(kernelWindow.map { f($0, 0) } ?? "-")"
      let lost = "\(row.lostPackets)\(row.modelOverflow ? " (model: overflow)" : "")"
      text +=
        "| \(row.link) | \(row.bodyBytes) | \(row.cc) | \(row.connection) | \(idle) | \(window) | \(f(row.modelledMs)) | \(f(row.measuredMs)) | \(f(row.minMs)) | \(f(row.maxMs)) | \(f(row.overheadMs, 2)) | \(String(format: "%+.2f", row.errorPct)) % | \(String(format: "%+.2f", row.errorRawPct)) % | \(lost) | \(row.loadAverage.map { f($0) } ?? "-") |\n"
    }
    text +=
      "\n| cases | count | median abs error | p90 abs error | median abs raw error | p90 abs raw error | lost packets in | worst |\n"
    text += "|---|---:|---:|---:|---:|---:|---:|---|\n"
    for summary in [record.summary] + record.groups {
      text +=
        "| \(summary.scope) | \(summary.cases) | \(f(summary.medianAbsErrorPct, 2)) % | \(f(summary.p90AbsErrorPct, 2)) % | \(f(summary.medianAbsErrorRawPct, 2)) % | \(f(summary.p90AbsErrorRawPct, 2)) % | \(summary.lossCases) | \(summary.worst ?? "-") |\n"
    }
    if !record.lossCases.isEmpty {
      text += "\nCases that lost packets (counted above like every other case):\n\n"
      for loss in record.lossCases {
        text +=
          "- \(loss.name): \(loss.lostPackets) lost, error \(String(format: "%+.2f", loss.errorPct)) %, model overflow warning \(loss.modelOverflow ? "yes" : "no")\n"
      }
    }
    text +=
      "\n| link | ping expected ms | ping min / avg / max ms | bulk Mbit/s (configured) | lateness p50 / p99 / p99.9 / max µs |\n"
    text += "|---|---:|---:|---:|---:|\n"
    for link in record.links {
      let ping =
        link.pingAvgMs.map { _ in "\(f(link.pingMinMs!, 2)) / \(f(link.pingAvgMs!, 2)) / \(f(link.pingMaxMs!, 2))" }
        ?? "no ping"
      let bulk = link.bulkMeasuredBitsPerSecond.map { f($0 / 1e6, 3) } ?? "-"
      let late = link.lateness
      text +=
        "| \(link.link) | \(f(link.pingExpectedMs, 2)) | \(ping) | \(bulk) (\(f(link.uplinkBitsPerSecond / 1e6, 3))) | \(f(late.p50Us, 0)) / \(f(late.p99Us, 0)) / \(f(late.p999Us, 0)) / \(f(late.maxUs, 0)) |\n"
    }
    return text
  }

  public static func write(_ record: LinkCheckRecord, to folder: URL) throws(AtomicFile.WriteError) {
    try AtomicFile.write(json(record), to: folder.appendingPathComponent("linkcheck.json").path)
    try AtomicFile.write(Array(markdown(record).utf8), to: folder.appendingPathComponent("linkcheck.md").path)
  }
}
