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
      "Error = (modelled - net) / net, net = measured - the harness's own overhead per request (\(f(record.harnessOverhead.warmMs, 2)) ms warm, \(f(record.harnessOverhead.coldMs, 2)) ms cold: 1 kB through a line of 2 ms RTT without rate limit, less its round trips); raw error leaves it in.\n\n"
    text +=
      "| link | body B | cc | connection | modelled ms | measured ms | min ms | max ms | error | raw error | lost packets |\n"
    text += "|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
    for row in record.cases {
      text +=
        "| \(row.link) | \(row.bodyBytes) | \(row.cc) | \(row.connection) | \(f(row.modelledMs)) | \(f(row.measuredMs)) | \(f(row.minMs)) | \(f(row.maxMs)) | \(String(format: "%+.1f", row.errorPct)) % | \(String(format: "%+.1f", row.rawErrorPct)) % | \(row.lostPackets)\(row.modelOverflow ? " (model: overflow)" : "") |\n"
    }
    for (title, summary) in [("Cases without loss", record.summary), ("Cases with lost packets", record.lossCases)] {
      text +=
        "\n\(title): \(summary.cases); median |error| \(f(summary.medianAbsErrorPct, 2)) %, 90th percentile \(f(summary.p90AbsErrorPct, 2)) %"
      text += summary.worst.map { ", worst \($0)" } ?? ""
      text += ".\n"
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
