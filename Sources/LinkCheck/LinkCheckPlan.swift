import DeflateBenchResults
import Foundation

/// What `deflate-bench linkcheck` measures: every link x body x sender congestion control x
/// connection kind, each case `repetitions` times.
public struct LinkCheckPlan: Sendable {
  /// The model's congestion controls, and reno, which the kernel check also measures.
  public static let congestionControls = ModelParameters.senderCongestionControls + ["reno"]
  public static let connections = ModelParameters.connections

  public var links: [LinkPreset]
  public var bodies: [Int]
  public var congestionControls: [String]
  public var connections: [String]
  public var repetitions: Int
  /// The `deflate-bench` binary started as the server inside the server namespace.
  public var executable: URL

  public init(
    links: [LinkPreset], bodies: [Int], congestionControls: [String], connections: [String], repetitions: Int,
    executable: URL
  ) {
    self.links = links
    self.bodies = bodies
    self.congestionControls = congestionControls
    self.connections = connections
    self.repetitions = repetitions
    self.executable = executable
  }

  /// The queue the delay line keeps at the link: one bandwidth-delay product plus 64 full
  /// packets, like a cellular base station's or a home router's buffer (a few round trips' worth
  /// would be bufferbloat, one BDP the classic rule).
  public static func queueLimitBytes(_ link: LinkPreset) -> Int {
    Int(link.uplinkBytesPerSecond * link.rttSeconds) + 64 * 1500
  }

  /// The model the kernel check compares with: plaintext HTTP/1.1 (what the check sends), a
  /// cold connection's one TCP handshake (no TLS here), the case's sender.
  public static func modelParameters(congestionControl: String, connection: String, headBytes: Int)
    -> ModelParameters
  {
    ModelParameters(
      coldHandshakeRoundTrips: 1, senderCongestionControl: congestionControl == "bbr" ? "bbr" : "cubic", http: "1.1",
      requestHeadBytes: headBytes, requestHeadSource: "linkcheck", connection: connection, links: [], devices: [])
  }
}
