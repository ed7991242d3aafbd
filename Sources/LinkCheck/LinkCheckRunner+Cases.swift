import CDelayLine
import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchUpload
import Foundation

/// One case: its uploads, timed, and the model beside them.
extension LinkCheckRunner {
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

  /// What one case's uploads measured.
  struct Uploads {
    var samples: [Double] = []
    var lost: UInt64 = 0
    var retransmits: Int?
    var kernelBefore: [dl_tcp_state]?
  }

  /// Times the case's uploads and puts the model beside them; nil when it was interrupted before
  /// its first upload. `idleSeconds` is the gap of a kept-alive connection, nil for a cold case.
  func measure(
    link: LinkPreset, body bytes: Int, cc: String, idleSeconds: Double?, line: DelayLine,
    namespaces: NetworkNamespaces, port: Int, overhead: LinkCheckRecord.Overhead
  ) throws(Failure) -> LinkCheckRecord.Case? {
    let body = Self.body(bytes)
    let connection = idleSeconds == nil ? "cold" : "warm"
    let uploads: Uploads
    do throws(KernelConnection.Failure) {
      if let idleSeconds {
        uploads = try warmUploads(
          body, cc: cc, idleSeconds: idleSeconds, line: line, namespaces: namespaces, port: port)
      } else {
        uploads = try coldUploads(body, cc: cc, line: line, namespaces: namespaces, port: port)
      }
    } catch {
      let gap = idleSeconds.map { " \(String(format: "%g", $0)) s" } ?? ""
      throw Failure(description: "\(link.name) \(bytes) B \(cc) \(connection)\(gap): \(error.description)")
    }
    guard let median = Quantile.median(ofSorted: uploads.samples.sorted()) else { return nil }
    let head = KernelConnection.head(host: NetworkNamespaces.serverAddress, port: port, bodyBytes: bytes).count
    let parameters = LinkCheckPlan.modelParameters(
      congestionControl: cc, connection: connection, idleSeconds: idleSeconds, headBytes: head)
    let request = Double(head + bytes)
    let modelled =
      UploadModel.time(.identity(bytes: Double(bytes)), link: link, device: .this, parameters: parameters).total * 1000
    let overheadMs = idleSeconds == nil ? overhead.coldMs : overhead.warmMs
    let initialWindow = parameters.initialWindowSegments
    return LinkCheckRecord.Case(
      link: link.name, bodyBytes: bytes, cc: cc, connection: connection, idleSeconds: idleSeconds,
      requestBytes: head + bytes, modelledMs: modelled, measuredMs: median, minMs: uploads.samples.min() ?? median,
      maxMs: uploads.samples.max() ?? median, samplesMs: uploads.samples, overheadMs: overheadMs,
      errorPct: (modelled - (median - overheadMs)) / (median - overheadMs) * 100,
      errorRawPct: (modelled - median) / median * 100, lostPackets: Int(uploads.lost),
      retransmittedSegments: uploads.retransmits,
      modelOverflow: UploadModel.slowStartOverflows(
        bytes: request, link: link, parameters: parameters, queueBytes: Double(LinkCheckPlan.queueLimitBytes(link))),
      modelledWindowSegments: UploadModel.startWindowSegments(bytes: request, link: link, parameters: parameters),
      kernelBefore: uploads.kernelBefore?.map {
        Self.kernelState($0, initialWindowSegments: initialWindow, restarts: cc != "bbr")
      },
      loadAverage: Self.loadAverage())
  }

  /// A kept-alive connection: one upload to open it (and leave the window a request leaves),
  /// then each timed upload `idleSeconds` after the previous response, as an SDK flushing on a
  /// timer sends; the kernel's state is read after each gap, before the request is written.
  private func warmUploads(
    _ body: [UInt8], cc: String, idleSeconds: Double, line: DelayLine, namespaces: NetworkNamespaces, port: Int
  ) throws(KernelConnection.Failure) -> Uploads {
    var result = Uploads(kernelBefore: [])
    let kept = try KernelConnection(
      namespace: namespaces.client, port: port, congestionControl: cc, timeoutSeconds: timeoutSeconds)
    try kept.connect()
    try kept.upload(body)
    let before = kept.state().total_retrans
    for _ in 0..<plan.repetitions {
      guard idle(seconds: idleSeconds) else { break }
      result.kernelBefore?.append(kept.state())
      let dropped = line.counters().droppedUp
      let start = ContinuousClock.now
      try kept.upload(body)
      result.samples.append(Self.milliseconds(ContinuousClock.now - start))
      result.lost += line.counters().droppedUp - dropped
    }
    result.retransmits = Int(kept.state().total_retrans) - Int(before)
    return result
  }

  /// A new connection per upload, timed from connect() to the full response.
  private func coldUploads(
    _ body: [UInt8], cc: String, line: DelayLine, namespaces: NetworkNamespaces, port: Int
  ) throws(KernelConnection.Failure) -> Uploads {
    var result = Uploads()
    for _ in 0..<plan.repetitions {
      guard idle(seconds: 0.2) else { break }
      let fresh = try KernelConnection(
        namespace: namespaces.client, port: port, congestionControl: cc, timeoutSeconds: timeoutSeconds)
      let dropped = line.counters().droppedUp
      let start = ContinuousClock.now
      try fresh.connect()
      try fresh.upload(body)
      result.samples.append(Self.milliseconds(ContinuousClock.now - start))
      result.lost += line.counters().droppedUp - dropped
    }
    return result
  }

  /// The record's form of TCP_INFO, with the window Linux's restart loop leaves from it; a
  /// sender with its own cong_control (BBR) is not restarted (`restarts` false) and keeps it whole.
  static func kernelState(_ state: dl_tcp_state, initialWindowSegments: Int, restarts: Bool)
    -> LinkCheckRecord.KernelState
  {
    let rto = Double(state.rto_us) / 1000
    let idle = Double(state.last_data_sent_ms)
    return LinkCheckRecord.KernelState(
      rtoMs: rto, srttMs: Double(state.srtt_us) / 1000, rttvarMs: Double(state.rttvar_us) / 1000,
      cwnd: Int(state.snd_cwnd), ssthresh: state.snd_ssthresh >= 0x7FFF_FFFF ? nil : Int(state.snd_ssthresh),
      idleMs: idle,
      restartWindow: restarts
        ? UploadModel.restartWindowSegments(
          windowSegments: Int(state.snd_cwnd), initialWindowSegments: initialWindowSegments,
          idleSeconds: idle / 1000, rtoSeconds: rto / 1000) : Int(state.snd_cwnd))
  }

  /// The 1-minute load average, from /proc/loadavg.
  static func loadAverage() -> Double? {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.flatMap {
      Double($0)
    }
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
}
