import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchUpload
import Foundation

/// Runs a `LinkCheckPlan`: per link, the delay line between two namespaces, `deflate-bench
/// serve` in the server namespace, the link's accuracy checks, then every case. Everything it
/// made is removed before it returns, also when it fails or is cancelled.
public struct LinkCheckRunner {
  public var plan: LinkCheckPlan
  public var cancellation: CancellationFlag
  public var progress: @Sendable (String) -> Void
  /// Seconds an upload may stall before the case fails.
  public var timeoutSeconds: Double = 120

  public init(plan: LinkCheckPlan, cancellation: CancellationFlag, progress: @escaping @Sendable (String) -> Void) {
    self.plan = plan
    self.cancellation = cancellation
    self.progress = progress
  }

  /// Why the check could not run.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Measures everything; `complete` is false when cancelled part-way.
  public func run(command: String) throws(Failure) -> LinkCheckRecord {
    // The uploading thread at real-time priority (below the delay line's): its timestamps and
    // writes are then not delayed by other work on a shared machine.
    var priority = sched_param(sched_priority: 40)
    let clientRealtime = pthread_setschedparam(pthread_self(), SCHED_FIFO, &priority) == 0
    defer {
      var normal = sched_param(sched_priority: 0)
      pthread_setschedparam(pthread_self(), SCHED_OTHER, &normal)
    }
    let namespaces: NetworkNamespaces
    do { namespaces = try NetworkNamespaces() } catch { throw Failure(description: error.description) }
    defer { namespaces.remove() }
    do {
      try NetworkNamespaces.ip([
        "netns", "exec", namespaces.client, "sysctl", "-q", "-w", "net.ipv4.tcp_no_metrics_save=1",
      ])
    } catch { throw Failure(description: error.description) }
    let overhead = try harnessOverhead(namespaces: namespaces)
    progress(
      "harness overhead (1 kB through a 2 ms line, less 2 ms per round trip): warm \(String(format: "%.2f", overhead.warmMs)) ms, cold \(String(format: "%.2f", overhead.coldMs)) ms\n"
    )
    var accuracies: [LinkCheckRecord.LinkAccuracy] = []
    var cases: [LinkCheckRecord.Case] = []
    var realtime = clientRealtime
    for link in plan.links where !cancellation.isCancelled {
      let (accuracy, linkCases, wasRealtime) = try runLink(link, namespaces: namespaces, overhead: overhead)
      accuracies.append(accuracy)
      cases += linkCases
      realtime = realtime && wasRealtime
    }
    return LinkCheckRecord(
      command: command, kernel: Self.kernelRelease(), date: ISO8601DateFormatter().string(from: Date()),
      repetitions: plan.repetitions, realtimePriority: realtime, complete: !cancellation.isCancelled,
      harnessOverhead: overhead, links: accuracies, cases: cases, summary: .init(scope: "all", cases),
      groups: LinkCheckRecord.Summary.groups(cases),
      lossCases: cases.filter { $0.lostPackets > 0 }.map(LinkCheckRecord.LossCase.init),
      note:
        "summary and groups: every case, those that lost packets included (loss_cases lists them; the model does not charge loss). error_pct = (modelled_ms - (measured_ms - overhead_ms)) / (measured_ms - overhead_ms) x 100, with measured_ms the median of the repetitions and overhead_ms the harness's own cost per request (harness_overhead: 1 kB through a line of 2 ms RTT and no rate limit, less its round trips); error_raw_pct = (modelled_ms - measured_ms) / measured_ms x 100 leaves the overhead in."
    )
  }

  private func runLink(_ link: LinkPreset, namespaces: NetworkNamespaces, overhead: LinkCheckRecord.Overhead)
    throws(Failure) -> (
      LinkCheckRecord.LinkAccuracy, [LinkCheckRecord.Case], Bool
    )
  {
    let queue = LinkCheckPlan.queueLimitBytes(link)
    let line: DelayLine
    let server: LocalServer
    do {
      line = try DelayLine(link: link, namespaces: namespaces, queueLimitBytes: queue)
      try namespaces.configureDevices()
    } catch { throw Failure(description: error.description) }
    defer { line.stop() }
    let realtime = line.isRealtime ?? false
    if !realtime { progress("warning: the delay line did not get real-time priority; timings may be late\n") }
    do {
      server = try startServer(namespaces)
    } catch { throw Failure(description: "cannot start the server: \(error.message)") }
    defer { server.stop() }
    progress("\(link): queue \(queue) B\n")
    let ping = cancellation.isCancelled ? nil : Self.ping(namespace: namespaces.client)
    let bulkBytes = max(100_000, Int(link.uplinkBytesPerSecond * 2))
    let bulk =
      cancellation.isCancelled
      ? nil : try bulkRate(bytes: bulkBytes, link: link, line: line, namespaces: namespaces, port: server.port)
    var cases: [LinkCheckRecord.Case] = []
    // A kept-alive connection once per idle gap, a new one per request once.
    let kinds: [Double?] = plan.connections.flatMap { $0 == "warm" ? plan.idleGaps.map { Optional($0) } : [nil] }
    for body in plan.bodies {
      for cc in plan.congestionControls {
        for idleSeconds in kinds where !cancellation.isCancelled {
          // nil: interrupted before its first upload, so nothing was measured and there is no case.
          guard
            let result = try measure(
              link: link, body: body, cc: cc, idleSeconds: idleSeconds, line: line, namespaces: namespaces,
              port: server.port, overhead: overhead)
          else { break }
          progress(
            "  \(result.name): modelled \(String(format: "%.1f", result.modelledMs)) ms, measured \(String(format: "%.1f", result.measuredMs)) ms (\(String(format: "%+.2f", result.errorPct)) %, raw \(String(format: "%+.2f", result.errorRawPct)) %)\(result.lostPackets > 0 ? ", \(result.lostPackets) lost" : ""), load \(result.loadAverage.map { String(format: "%.1f", $0) } ?? "?")\n"
          )
          cases.append(result)
        }
      }
    }
    let counters = line.counters()
    let pingExpected = link.rttMilliseconds + 84 * 1000 / link.uplinkBytesPerSecond
    let accuracy = LinkCheckRecord.LinkAccuracy(
      link: link.name, uplinkBitsPerSecond: link.uplinkBitsPerSecond, rttMs: link.rttMilliseconds,
      queueLimitBytes: queue, pingExpectedMs: pingExpected, pingMinMs: ping?.min, pingAvgMs: ping?.avg,
      pingMaxMs: ping?.max, bulkBytes: bulkBytes, bulkMeasuredBitsPerSecond: bulk,
      lateness: .init(
        packets: counters.lateness.reduce(0, +), p50Us: counters.latenessMicroseconds(percentile: 0.5),
        p90Us: counters.latenessMicroseconds(percentile: 0.9), p99Us: counters.latenessMicroseconds(percentile: 0.99),
        p999Us: counters.latenessMicroseconds(percentile: 0.999), maxUs: Double(counters.maxLatenessNanoseconds) / 1000)
    )
    return (accuracy, cases, realtime)
  }
}
