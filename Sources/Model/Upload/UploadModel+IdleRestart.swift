import DeflateBenchResults
import Synchronization

/// What a kept-alive connection's window is when the next request starts after an idle gap.
extension UploadModel {
  /// The window Linux's `tcp_cwnd_restart` (net/ipv4/tcp_output.c) leaves after `idleSeconds`
  /// without sending (RFC 2861, "restart window"): the window is halved once per whole RTO that
  /// passed, `while ((delta -= rto) > 0 && cwnd > restart) cwnd >>= 1`, and never goes below
  /// the initial window (nor rises above the window it had). Linux only calls it when the idle
  /// time exceeds one RTO (`tcp_slow_start_after_idle_check`, include/net/tcp.h); below that the
  /// window is kept whole. Windows in segments, times in seconds.
  public static func restartWindowSegments(
    windowSegments: Int, initialWindowSegments: Int, idleSeconds: Double, rtoSeconds: Double
  ) -> Int {
    guard rtoSeconds > 0, idleSeconds > rtoSeconds else { return windowSegments }
    let restart = min(initialWindowSegments, windowSegments)
    var window = windowSegments
    var left = idleSeconds
    while true {
      left -= rtoSeconds
      guard left > 0, window > restart else { break }
      window >>= 1
    }
    return max(window, restart)
  }
}

extension UploadModel {
  /// The queue the model puts at a link: one bandwidth-delay product plus 64 full packets, like
  /// a cellular base station's or a home router's buffer (a few round trips' worth would be
  /// bufferbloat, one BDP the classic rule). The kernel check emulates exactly this queue; the
  /// model plays it only to know when a kept-alive sender lost packets (`KernelSender`).
  public static func queueBytes(_ link: LinkPreset) -> Double {
    link.uplinkBytesPerSecond * link.rttSeconds + Double(queuePackets * queuePacketBytes)
  }

  /// The queue's packets beyond one bandwidth-delay product, and their size: a full Ethernet
  /// packet.
  static let queuePackets = 64
  static let queuePacketBytes = 1500

  /// The sender's constants and the queue's, as results.json carries them (`model.sender`).
  public static var senderConstants: SenderConstants {
    SenderConstants(
      rtoMinSeconds: KernelSender.rtoMinSeconds, rtoMaxSeconds: KernelSender.rtoMaxSeconds,
      quickAcks: KernelSender.quickAcks, hystartLowWindow: KernelSender.hystartLowWindow,
      hystartMinSamples: KernelSender.hystartMinSamples,
      hystartDelayMinSeconds: KernelSender.hystartDelayBounds.lowerBound,
      hystartDelayMaxSeconds: KernelSender.hystartDelayBounds.upperBound,
      hystartAckDeltaSeconds: KernelSender.hystartAckDeltaSeconds,
      hystartAckDelaySeconds: KernelSender.hystartAckDelaySeconds, cubicC: KernelSender.cubicC,
      cubicCountWithoutLoss: KernelSender.cubicCountWithoutLoss, cubicBeta: KernelSender.cubicBeta,
      cubicBetaScale: KernelSender.cubicBetaScale, synBytes: KernelSender.synBytes, queuePackets: queuePackets,
      queuePacketBytes: queuePacketBytes)
  }

  /// The window a request starts with, in segments; nil where the model sends it at the link's
  /// rate (a kept-alive BBR sender).
  ///
  /// A new connection starts from the initial window. A kept-alive one, with no idle gap given,
  /// restarts there too (idle long enough). With `idleSeconds`, it is a connection that sends
  /// this request every `idleSeconds` after the previous response, as an SDK flushing on a
  /// timer: `KernelSender` plays its first request and then the next ones, each after the gap,
  /// until the window a request starts with repeats (at most 8), and that window is the
  /// answer. HTTP/3 keeps the whole restart: QUIC stacks decide for themselves what follows an
  /// idle period (RFC 9002 section 7.8), and the sender played here is Linux's TCP.
  public static func startWindowSegments(bytes: Double, link: LinkPreset, parameters: ModelParameters) -> Double? {
    let transport = HTTPFraming.transport(parameters)
    if parameters.isCold { return transport.initialWindowPackets }
    if parameters.senderCongestionControl == "bbr" { return nil }
    guard let idle = parameters.idleSeconds, parameters.http != "3", link.uplinkBytesPerSecond > 0, bytes > 0 else {
      return transport.initialWindowPackets
    }
    let payload = max(1, transport.payloadBytesPerPacket)
    let full = Int((bytes / payload).rounded(.down))
    let last = bytes - Double(full) * payload
    let key = SteadyWindowKey(
      fullPackets: full, lastPayload: last, payload: payload, header: transport.headerBytesPerPacket,
      initialWindow: Int(transport.initialWindowPackets), rate: link.uplinkBytesPerSecond, roundTrip: link.rttSeconds,
      queueBytes: queueBytes(link), idleSeconds: idle)
    if let known = steadyWindows.withLock({ $0[key] }) { return Double(known) }
    let window = key.play()
    steadyWindows.withLock { $0[key] = window }
    return Double(window)
  }

  /// A request's packets, the link and the gap: all the steady window depends on.
  struct SteadyWindowKey: Hashable {
    var fullPackets: Int
    var lastPayload: Double
    var payload: Double
    var header: Double
    var initialWindow: Int
    var rate: Double
    var roundTrip: Double
    var queueBytes: Double
    var idleSeconds: Double

    /// The connection's first request, then up to 8 more after the gap, until the window one
    /// starts with repeats.
    func play() -> Int {
      let payloads = [Double](repeating: payload, count: fullPackets) + (lastPayload > 0 ? [lastPayload] : [])
      var sender = KernelSender(rate: rate, roundTrip: roundTrip, queueBytes: queueBytes, initialWindow: initialWindow)
      sender.send(payloads: payloads, headerBytes: header, newConnection: true)
      var start = 0
      for request in 1...9 {
        sender.idle(seconds: idleSeconds)
        if request > 1 && sender.cwnd == start { break }
        start = sender.cwnd
        guard request < 9 else { break }
        sender.send(payloads: payloads, headerBytes: header, newConnection: false)
      }
      return start
    }
  }

  /// Steady windows already played: a verdict asks for the same body sizes on the same links
  /// many times.
  static let steadyWindows = Mutex<[SteadyWindowKey: Int]>([:])
}
