import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchUpload
import Foundation

/// The checks beside the cases: the harness's own cost per request, the server, a link's bulk
/// rate and ping, the kernel's name.
extension LinkCheckRunner {
  /// What the harness itself adds to a request: 1 kB uploads (median of 9, cubic, each after 0.3 s of idle)
  /// through a delay line of 2 ms round trip and no rate limit, less those 2 ms (per round trip: one for a
  /// kept-alive connection, two for a new one), on a kept-alive connection and on new ones. The
  /// client, the server, the TUN devices, softirq processing and the delay line's wake-ups cost
  /// this on every request; a phone's network does not, so each case's error is taken after
  /// subtracting it.
  func harnessOverhead(namespaces: NetworkNamespaces) throws(Failure) -> LinkCheckRecord.Overhead {
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
  func startServer(_ namespaces: NetworkNamespaces) throws(LocalServer.StartError) -> LocalServer {
    let chrt = ["/usr/bin/chrt", "/bin/chrt"].first { FileManager.default.isExecutableFile(atPath: $0) }
    return try LocalServer(
      executable: plan.executable, arguments: ["--listen", NetworkNamespaces.serverAddress],
      launcher: [NetworkNamespaces.ipPath, "netns", "exec", namespaces.server] + (chrt.map { [$0, "-f", "40"] } ?? []))
  }

  /// Link bytes per second of a BBR upload on a kept-alive connection (BBR keeps its window, so
  /// after a first upload the second goes at the link's rate): IP bytes the delay line passed
  /// over the upload's time less one round trip.
  func bulkRate(bytes: Int, link: LinkPreset, line: DelayLine, namespaces: NetworkNamespaces, port: Int)
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
