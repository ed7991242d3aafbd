import Foundation

/// linkcheck.json: what `deflate-bench linkcheck` measured, the model beside it, and how
/// accurately the emulated links behaved. Keys are snake_case.
public struct LinkCheckRecord: Codable, Sendable {
  /// One link x body x sender x connection (x idle gap, for a kept-alive connection) case.
  public struct Case: Codable, Sendable {
    public var link: String
    public var bodyBytes: Int
    public var cc: String
    public var connection: String
    /// Seconds a kept-alive connection waited between one response and the next request (the
    /// model's `idle_seconds`); nil for a new connection per request.
    public var idleSeconds: Double?
    /// Head plus body: what the model delivers.
    public var requestBytes: Int
    public var modelledMs: Double
    /// The raw measured time: the median of the repetitions, overhead included.
    public var measuredMs: Double
    public var minMs: Double
    public var maxMs: Double
    public var samplesMs: [Double]
    /// The harness's own cost per request this case is judged with (`harness_overhead`'s warm or
    /// cold figure).
    public var overheadMs: Double
    /// (modelled - net) / net x 100, net = measured_ms - overhead_ms.
    public var errorPct: Double
    /// (modelled - measured) / measured x 100, the overhead left in.
    public var errorRawPct: Double
    /// Packets the link's queue dropped during the measured uploads (all repetitions).
    public var lostPackets: Int
    /// Segments the sender retransmitted during them (TCP_INFO), warm connections only.
    public var retransmittedSegments: Int?
    /// The model's own warning that slow start overflows the link's queue.
    public var modelOverflow: Bool
    /// The window the model starts the request with, in segments: the initial window on a new
    /// connection, what tcp_cwnd_restart leaves of the last request's window on a kept-alive
    /// one; nil where the model sends at the link's rate (a kept-alive BBR sender).
    public var modelledWindowSegments: Double?
    /// What the kernel said of the connection just before each timed upload (kept-alive
    /// connections only): what the model's restart term works from.
    public var kernelBefore: [KernelState]?
    /// The 1-minute load average (/proc/loadavg) when the case ended: how busy the shared
    /// machine was while it ran.
    public var loadAverage: Double?
  }

  /// TCP_INFO of the client's socket after the idle gap, before the request is written.
  public struct KernelState: Codable, Sendable {
    public var rtoMs: Double
    public var srttMs: Double
    public var rttvarMs: Double
    public var cwnd: Int
    /// nil while the slow-start threshold is still infinite (no loss or HyStart exit yet).
    public var ssthresh: Int?
    /// Milliseconds since the last data segment left (tcp_cwnd_restart's idle time so far).
    public var idleMs: Double
    /// The window tcp_cwnd_restart leaves from these figures (Linux's own loop, run here on
    /// them), in segments; under BBR, which Linux does not restart, the window itself.
    public var restartWindow: Int
  }

  /// A link's own accuracy: round trip and bulk rate as the kernel sees them.
  public struct LinkAccuracy: Codable, Sendable {
    public var link: String
    public var uplinkBitsPerSecond: Double
    public var rttMs: Double
    public var queueLimitBytes: Int
    /// `ping` of 84-byte packets: configured RTT plus one small packet's serialisation.
    public var pingExpectedMs: Double
    public var pingMinMs: Double?
    public var pingAvgMs: Double?
    public var pingMaxMs: Double?
    /// A BBR upload on a kept-alive connection: link bytes (IP packets) over its time less one RTT.
    public var bulkBytes: Int
    public var bulkMeasuredBitsPerSecond: Double?
    /// Delivery lateness of the delay line while this link ran, microseconds.
    public var lateness: Lateness
  }

  public struct Lateness: Codable, Sendable {
    public var packets: UInt64
    public var p50Us: Double
    public var p90Us: Double
    public var p99Us: Double
    public var p999Us: Double
    public var maxUs: Double
  }

  /// The harness's own time per request (client, server, TUN devices, delay-line wake-ups),
  /// measured through a delay line of 2 ms round trip without rate limit, less its round trips.
  public struct Overhead: Codable, Sendable {
    public var warmMs: Double
    public var coldMs: Double
  }

  /// Error figures over a set of cases: every case of the set, those that lost packets too.
  public struct Summary: Codable, Sendable {
    /// Which cases: `all`, or a link, a sender and connection, an idle gap.
    public var scope: String
    public var cases: Int
    public var medianAbsErrorPct: Double
    public var p90AbsErrorPct: Double
    public var worst: String?
    public var medianAbsErrorRawPct: Double
    public var p90AbsErrorRawPct: Double
    /// How many of the cases lost packets at the link's queue (counted above like the rest).
    public var lossCases: Int
  }

  /// A case whose uploads lost packets, listed by name.
  public struct LossCase: Codable, Sendable {
    public var name: String
    public var lostPackets: Int
    public var errorPct: Double
    public var modelOverflow: Bool
  }

  public var schema = "deflate-bench linkcheck 2"
  public var command: String
  public var kernel: String
  public var date: String
  public var repetitions: Int
  public var realtimePriority: Bool
  public var complete: Bool
  public var harnessOverhead: Overhead
  public var links: [LinkAccuracy]
  public var cases: [Case]
  /// Every case, those that lost packets included.
  public var summary: Summary
  /// The same figures per link, per sender and connection, and per idle gap.
  public var groups: [Summary]
  /// Every case that lost packets.
  public var lossCases: [LossCase]
  public var note: String
}
