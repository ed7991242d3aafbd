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
    let lossless = cases.filter { $0.lostPackets == 0 }
    return LinkCheckRecord(
      command: command, kernel: Self.kernelRelease(), date: ISO8601DateFormatter().string(from: Date()),
      repetitions: plan.repetitions, realtimePriority: realtime, complete: !cancellation.isCancelled,
      harnessOverhead: overhead, links: accuracies, cases: cases, summary: .init(lossless),
      lossCases: .init(cases.filter { $0.lostPackets > 0 }),
      note:
        "summary: cases without lost packets; loss_cases: cases where the link's queue dropped packets (the model does not charge loss). error_pct = (modelled - (measured - overhead)) / (measured - overhead) x 100 with measured the median of the repetitions and overhead the harness's own cost per request (harness_overhead: 1 kB through a line of 2 ms RTT and no rate limit, less its round trips); raw_error_pct leaves the overhead in."
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
    let ping = Self.ping(namespace: namespaces.client)
    let bulkBytes = max(100_000, Int(link.uplinkBytesPerSecond * 2))
    let bulk = try bulkRate(bytes: bulkBytes, link: link, line: line, namespaces: namespaces, port: server.port)
    var cases: [LinkCheckRecord.Case] = []
    for body in plan.bodies {
      for cc in plan.congestionControls {
        for connection in plan.connections {
          if cancellation.isCancelled { break }
          let result = try measure(
            link: link, body: body, cc: cc, connection: connection, line: line, namespaces: namespaces,
            port: server.port, overheadMs: connection == "warm" ? overhead.warmMs : overhead.coldMs)
          // Interrupted before its first upload: nothing was measured, so there is no case.
          guard !result.samplesMs.isEmpty else { break }
          progress(
            "  \(link.name) \(body) B \(cc) \(connection): modelled \(String(format: "%.1f", result.modelledMs)) ms, measured \(String(format: "%.1f", result.measuredMs)) ms (\(String(format: "%+.1f", result.errorPct)) %)\(result.lostPackets > 0 ? ", \(result.lostPackets) lost" : "")\n"
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

  /// The body: pseudo-random bytes (the check sends them as they are; no coding is involved).
  static func body(_ bytes: Int) -> [UInt8] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(bytes)
    return (0..<bytes).map { _ in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state)
    }
  }

  /// How long a kept-alive connection waits before its next request, so that Linux restarts the
  /// window (tcp_cwnd_restart halves it once per RTO of idle, down to the initial window): one
  /// RTO per halving, two more for margin, at least half a second, at most 20 s. Apps sending
  /// events seconds apart see the same.
  static func idleSeconds(rto: Double, cwnd: Int) -> Double {
    let halvings = cwnd > 10 ? Int(log2(Double(cwnd) / 10).rounded(.up)) : 0
    return min(20, max(0.5, rto * Double(halvings + 2)))
  }

  private func measure(
    link: LinkPreset, body bytes: Int, cc: String, connection: String, line: DelayLine,
    namespaces: NetworkNamespaces, port: Int, overheadMs: Double
  ) throws(Failure) -> LinkCheckRecord.Case {
    let body = Self.body(bytes)
    var samples: [Double] = []
    var lost: UInt64 = 0
    var retransmits: Int?
    do throws(KernelConnection.Failure) {
      if connection == "warm" {
        let kept = try KernelConnection(
          namespace: namespaces.client, port: port, congestionControl: cc, timeoutSeconds: timeoutSeconds)
        try kept.connect()
        try kept.upload(body)
        let before = kept.state().retransmits
        for _ in 0..<plan.repetitions {
          let state = kept.state()
          guard idle(seconds: Self.idleSeconds(rto: state.rtoSeconds, cwnd: state.cwnd)) else { break }
          let dropped = line.counters().droppedUp
          let start = ContinuousClock.now
          try kept.upload(body)
          samples.append(Self.milliseconds(ContinuousClock.now - start))
          lost += line.counters().droppedUp - dropped
        }
        retransmits = kept.state().retransmits - before
      } else {
        for _ in 0..<plan.repetitions {
          guard idle(seconds: 0.2) else { break }
          let fresh = try KernelConnection(
            namespace: namespaces.client, port: port, congestionControl: cc, timeoutSeconds: timeoutSeconds)
          let dropped = line.counters().droppedUp
          let start = ContinuousClock.now
          try fresh.connect()
          try fresh.upload(body)
          samples.append(Self.milliseconds(ContinuousClock.now - start))
          lost += line.counters().droppedUp - dropped
        }
      }
    } catch {
      throw Failure(description: "\(link.name) \(bytes) B \(cc) \(connection): \(error.description)")
    }
    let head = KernelConnection.head(host: NetworkNamespaces.serverAddress, port: port, bodyBytes: bytes).count
    let parameters = LinkCheckPlan.modelParameters(congestionControl: cc, connection: connection, headBytes: head)
    let modelled =
      UploadModel.time(.identity(bytes: Double(bytes)), link: link, device: .this, parameters: parameters).total * 1000
    let sorted = samples.sorted()
    let median =
      sorted.isEmpty
      ? .nan
      : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    return LinkCheckRecord.Case(
      link: link.name, bodyBytes: bytes, cc: cc, connection: connection, requestBytes: head + bytes,
      modelledMs: modelled, measuredMs: median, minMs: sorted.first ?? .nan, maxMs: sorted.last ?? .nan,
      samplesMs: samples, errorPct: (modelled - (median - overheadMs)) / (median - overheadMs) * 100,
      rawErrorPct: (modelled - median) / median * 100, lostPackets: Int(lost),
      retransmittedSegments: retransmits,
      modelOverflow: UploadModel.slowStartOverflows(
        bytes: Double(head + bytes), link: link, parameters: parameters,
        queueBytes: Double(LinkCheckPlan.queueLimitBytes(link))))
  }

  /// Waits `seconds` between uploads; false, at once, when the check is interrupted meanwhile
  /// (Ctrl-C stops the check after the upload under way, not after the next idle gap).
  private func idle(seconds: Double) -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while !cancellation.isCancelled {
      let left = end - ContinuousClock.now
      guard left > .zero else { return true }
      Thread.sleep(forTimeInterval: min(0.05, Self.milliseconds(left) / 1000))
    }
    return false
  }

  /// What the harness itself adds to a request: 1 kB uploads (median of 9, cubic, each after 0.3 s of idle)
  /// through a delay line of 2 ms round trip and no rate limit, less those 2 ms (per round trip: one for a
  /// kept-alive connection, two for a new one), on a kept-alive connection and on new ones. The
  /// client, the server, the TUN devices, softirq processing and the delay line's wake-ups cost
  /// this on every request; a phone's network does not, so each case's error is taken after
  /// subtracting it.
  private func harnessOverhead(namespaces: NetworkNamespaces) throws(Failure) -> LinkCheckRecord.Overhead {
    let direct = LinkPreset(name: "direct", uplinkBitsPerSecond: 0, rttMilliseconds: 2, source: "calibration")
    let line: DelayLine
    let server: LocalServer
    do {
      line = try DelayLine(link: direct, namespaces: namespaces, queueLimitBytes: 1 << 30)
      try namespaces.configureDevices()
      server = try startServer(namespaces)
    } catch { throw Failure(description: "calibration: \(error)") }
    defer {
      server.stop()
      line.stop()
    }
    let body = Self.body(1000)
    var warm: [Double] = []
    var cold: [Double] = []
    do throws(KernelConnection.Failure) {
      let kept = try KernelConnection(
        namespace: namespaces.client, port: server.port, congestionControl: "cubic", timeoutSeconds: timeoutSeconds)
      try kept.connect()
      try kept.upload(body)
      for _ in 0..<9 {
        // Idle first, as the cases do: waking an idle client, server and delay line costs too.
        Thread.sleep(forTimeInterval: 0.3)
        let start = ContinuousClock.now
        try kept.upload(body)
        warm.append(Self.milliseconds(ContinuousClock.now - start))
        let fresh = try KernelConnection(
          namespace: namespaces.client, port: server.port, congestionControl: "cubic", timeoutSeconds: timeoutSeconds)
        Thread.sleep(forTimeInterval: 0.3)
        let coldStart = ContinuousClock.now
        try fresh.connect()
        try fresh.upload(body)
        cold.append(Self.milliseconds(ContinuousClock.now - coldStart))
      }
    } catch {
      throw Failure(description: "calibration upload: \(error.description)")
    }
    return LinkCheckRecord.Overhead(warmMs: warm.sorted()[4] - 2, coldMs: cold.sorted()[4] - 4)
  }

  /// `deflate-bench serve` in the server namespace, at real-time priority (below the delay
  /// line's) so a busy machine does not add scheduling delay to its answers.
  private func startServer(_ namespaces: NetworkNamespaces) throws(LocalServer.StartError) -> LocalServer {
    let chrt = ["/usr/bin/chrt", "/bin/chrt"].first { FileManager.default.isExecutableFile(atPath: $0) }
    return try LocalServer(
      executable: plan.executable, arguments: ["--listen", NetworkNamespaces.serverAddress],
      launcher: [NetworkNamespaces.ipPath, "netns", "exec", namespaces.server] + (chrt.map { [$0, "-f", "40"] } ?? []))
  }

  /// Link bytes per second of a BBR upload on a kept-alive connection (BBR keeps its window, so
  /// after a first upload the second goes at the link's rate): IP bytes the delay line passed
  /// over the upload's time less one round trip.
  private func bulkRate(bytes: Int, link: LinkPreset, line: DelayLine, namespaces: NetworkNamespaces, port: Int)
    throws(Failure) -> Double?
  {
    let body = Self.body(bytes)
    do throws(KernelConnection.Failure) {
      let kept = try KernelConnection(
        namespace: namespaces.client, port: port, congestionControl: "bbr", timeoutSeconds: timeoutSeconds)
      try kept.connect()
      try kept.upload(body)
      Thread.sleep(forTimeInterval: 0.5)
      let before = line.counters().bytesUp
      let start = ContinuousClock.now
      try kept.upload(body)
      let seconds = Self.milliseconds(ContinuousClock.now - start) / 1000 - link.rttSeconds
      let sent = line.counters().bytesUp - before
      return seconds > 0 ? Double(sent) * 8 / seconds : nil
    } catch {
      throw Failure(description: "\(link.name) bulk upload: \(error.description)")
    }
  }

  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  /// `ping -c 10 -i 0.2` from the client namespace: min, avg and max in ms, or nil without ping.
  static func ping(namespace: String) -> (min: Double, avg: Double, max: Double)? {
    guard
      let output = try? NetworkNamespaces.ip([
        "netns", "exec", namespace, "ping", "-n", "-q", "-c", "10", "-i", "0.2", NetworkNamespaces.serverAddress,
      ]),
      let line = output.split(separator: "\n").first(where: { $0.contains("min/avg/max") }),
      let numbers = line.split(separator: "=").last?.split(separator: " ").first?.split(separator: "/"),
      numbers.count >= 3, let low = Double(numbers[0]), let avg = Double(numbers[1]), let high = Double(numbers[2])
    else { return nil }
    return (low, avg, high)
  }

  static func kernelRelease() -> String {
    var name = utsname()
    uname(&name)
    return withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }
}
