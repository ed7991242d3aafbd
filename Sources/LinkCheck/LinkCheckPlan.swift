import DeflateBenchModel
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
  /// Seconds a kept-alive connection waits between one response and the next request: each
  /// warm case runs once per gap.
  public var idleGaps: [Double]
  public var repetitions: Int
  /// The `deflate-bench` binary started as the server inside the server namespace.
  public var executable: URL

  /// The flush intervals event SDKs use (seconds): the default gaps of the warm cases.
  public static let defaultIdleGaps: [Double] = [1, 5, 15, 30]

  public init(
    links: [LinkPreset], bodies: [Int], congestionControls: [String], connections: [String],
    idleGaps: [Double] = defaultIdleGaps, repetitions: Int, executable: URL
  ) {
    self.links = links
    self.bodies = bodies
    self.congestionControls = congestionControls
    self.connections = connections
    self.idleGaps = idleGaps
    self.repetitions = repetitions
    self.executable = executable
  }

  /// The queue the delay line keeps at the link: the model's (`UploadModel.queueBytes`, one
  /// bandwidth-delay product plus 64 full packets).
  public static func queueLimitBytes(_ link: LinkPreset) -> Int {
    Int(UploadModel.queueBytes(link))
  }

  /// The model the kernel check compares with: plaintext HTTP/1.1 (what the check sends), a
  /// cold connection's one TCP handshake (no TLS here), the case's sender and idle gap.
  public static func modelParameters(
    congestionControl: String, connection: String, idleSeconds: Double?, headBytes: Int
  ) -> ModelParameters {
    var parameters = ModelParameters(
      coldHandshakeRoundTrips: 1, senderCongestionControl: congestionControl == "bbr" ? "bbr" : "cubic", http: "1.1",
      requestHeadBytes: headBytes, requestHeadSource: "linkcheck", connection: connection, links: [], devices: [])
    parameters.idleSeconds = idleSeconds
    return parameters
  }
}
