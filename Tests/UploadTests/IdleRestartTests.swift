import DeflateBenchResults
import Testing

@testable import DeflateBenchModel

/// The model's idle-gap term: Linux's restart loop on hand-computed cases, the sender it plays
/// on hand-computed RTT estimates, and the window a kept-alive request starts with.
@Suite("Upload model: idle restart")
struct IdleRestartTests {
  static func parameters(idle: Double?, cc: String = "cubic", http: String = "1.1", connection: String = "warm")
    -> ModelParameters
  {
    var parameters = ModelParameters(
      senderCongestionControl: cc, http: http, requestHeadBytes: 105, requestHeadSource: "default",
      connection: connection, links: [], devices: [])
    parameters.idleSeconds = idle
    return parameters
  }

  @Test(
    "tcp_cwnd_restart: one halving per whole RTO of idle, down to the initial window; no restart within one RTO",
    arguments: [
      // 94 segments after 1.216 s at an RTO of 0.416 s: 1.216 - 0.416 = 0.8 > 0 -> 47,
      // 0.8 - 0.416 = 0.384 > 0 -> 23, -0.032 -> stop (what Linux left on lte, 300 kB, 1 s gap).
      (94, 1.216, 0.416, 23),
      // The same window after 5.216 s: halved down to 10 (94, 47, 23, 11, 5 -> 10).
      (94, 5.216, 0.416, 10),
      // Idle less than one RTO: tcp_slow_start_after_idle_check does not call the restart.
      (95, 1.46, 2.38, 95),
      // 31 segments, 1.576 s at 1.288 s: 0.288 > 0 -> 15, then -1.0 (3g, 30 kB, 1 s gap).
      (31, 1.576, 1.288, 15),
      // A window below the initial one is never raised: restart = min(10, 6).
      (6, 30, 0.3, 6),
    ])
  func restartLoop(window: Int, idle: Double, rto: Double, expected: Int) {
    #expect(
      UploadModel.restartWindowSegments(
        windowSegments: window, initialWindowSegments: 10, idleSeconds: idle, rtoSeconds: rto) == expected)
  }

  @Test(
    "without an idle gap, on a new connection and for HTTP/3 the window starts at 10; a kept-alive BBR sender at the rate"
  )
  func defaults() {
    let link = LinkPreset.lte
    #expect(UploadModel.startWindowSegments(bytes: 300_105, link: link, parameters: Self.parameters(idle: nil)) == 10)
    #expect(
      UploadModel.startWindowSegments(
        bytes: 300_105, link: link, parameters: Self.parameters(idle: 1, connection: "cold")) == 10)
    #expect(
      UploadModel.startWindowSegments(bytes: 300_105, link: link, parameters: Self.parameters(idle: 1, http: "3")) == 10
    )
    #expect(
      UploadModel.startWindowSegments(bytes: 300_105, link: link, parameters: Self.parameters(idle: 1, cc: "bbr"))
        == nil)
    // Today's model is unchanged by the new term when no gap is given.
    let today = UploadModel.deliverSeconds(bytes: 300_105, link: link, parameters: Self.parameters(idle: nil))
    let restarted = UploadModel.deliverSeconds(
      bytes: 300_105, link: link, transport: HTTPFraming.transport(Self.parameters(idle: nil)), warm: true,
      startWindowPackets: 10)
    #expect(today == restarted)
  }

  @Test("the RTT estimator: a one-segment request on a new connection, by hand")
  func estimatorByHand() {
    // 100,000 B/s, 100 ms. The SYN's sample: 0.1 + 60 / 100,000 = 0.1006 s: SRTT 0.1006,
    // RTTVAR max(2 x 0.1006, 0.2) = 0.2012, RTO 0.3018. The segment (1,000 + 52 B) is on the link
    // 0.01052 s and answered 0.1 s later: sample 0.11052, error 0.00992, SRTT 0.1006 + 0.00124 =
    // 0.10184; the deviation 0.2012 + (0.00992 - 0.0503) = 0.16082 raises nothing; the window
    // ends: RTTVAR is not above the window's largest (0.2012), so it stays: RTO 0.30304.
    var sender = KernelSender(rate: 100_000, roundTrip: 0.1, queueBytes: 1e9, initialWindow: 10)
    #expect(abs(sender.rto - 0.3018) < 1e-12)
    sender.send(payloads: [1000], headerBytes: 52, newConnection: true)
    #expect(abs(sender.srtt - 0.10184) < 1e-12)
    #expect(abs(sender.rto - 0.30304) < 1e-12)
    #expect(abs(sender.tail - 0.11052) < 1e-12)
    // Slow start added the acknowledged segment (cwnd 10 < 2 x 1 is false: not cwnd-limited,
    // so it does not grow).
    #expect(sender.cwnd == 10)
  }

  @Test(
    "after a 1 s gap the model starts where Linux's TCP_INFO showed the restarted window in the link check",
    arguments: [
      // (link, request bytes as linkcheck sent them, the model's window, what Linux left before each
      // timed upload in docs/model.md's grid, 2026-12-04).
      ("lte", 30_115.0, 10, [10, 10, 10]), ("lte", 300_116, 22, [23, 23, 23]), ("3g", 30_115, 17, [15, 18, 17]),
      ("3g", 100_116, 81, [24, 26, 30]),
    ])
  func windowAgainstTheKernel(link: String, bytes: Double, model: Int, kernel: [Int]) {
    let preset = link == "lte" ? LinkPreset.lte : LinkPreset.threeG
    let window = UploadModel.startWindowSegments(bytes: bytes, link: preset, parameters: Self.parameters(idle: 1))
    // Where the kernel's windows sit on either side of the link's bandwidth-delay product (lte 25,
    // 3g 13 packets), the model's must too: that is what sets the request's time.
    #expect(
      window == Double(model),
      "\(link) \(bytes) B: the model starts at \(window ?? 0) segments; Linux left \(kernel) (linkcheck, docs/model.md)"
    )
  }
}
