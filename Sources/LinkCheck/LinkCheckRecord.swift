import Foundation

/// linkcheck.json: what `deflate-bench linkcheck` measured, the model beside it, and how
/// accurately the emulated links behaved. Keys are snake_case.
public struct LinkCheckRecord: Codable, Sendable {
  /// One link x body x sender x connection case.
  public struct Case: Codable, Sendable {
    public var link: String
    public var bodyBytes: Int
    public var cc: String
    public var connection: String
    /// Head plus body: what the model delivers.
    public var requestBytes: Int
    public var modelledMs: Double
    /// Median of the repetitions.
    public var measuredMs: Double
    public var minMs: Double
    public var maxMs: Double
    public var samplesMs: [Double]
    /// (modelled - net) / net x 100, net = the median less the harness overhead.
    public var errorPct: Double
    /// (modelled - measured) / measured x 100, the overhead left in.
    public var rawErrorPct: Double
    /// Packets the link's queue dropped during the measured uploads (all repetitions).
    public var lostPackets: Int
    /// Segments the sender retransmitted during them (TCP_INFO), warm connections only.
    public var retransmittedSegments: Int?
    /// The model's own warning that slow start overflows the link's queue.
    public var modelOverflow: Bool
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

  /// Error figures over a set of cases.
  public struct Summary: Codable, Sendable {
    public var cases: Int
    public var medianAbsErrorPct: Double
    public var p90AbsErrorPct: Double
    public var worst: String?
  }

  public var schema = "deflate-bench linkcheck 1"
  public var command: String
  public var kernel: String
  public var date: String
  public var repetitions: Int
  public var realtimePriority: Bool
  public var complete: Bool
  public var harnessOverhead: Overhead
  public var links: [LinkAccuracy]
  public var cases: [Case]
  /// Every case without loss, and the cases with loss on their own.
  public var summary: Summary
  public var lossCases: Summary
  public var note: String
}

extension LinkCheckRecord.Summary {
  /// Median and 90th percentile (nearest rank) of |error|, and the worst case.
  init(_ cases: [LinkCheckRecord.Case]) {
    let errors = cases.map { abs($0.errorPct) }.sorted()
    func rank(_ fraction: Double) -> Double {
      guard !errors.isEmpty else { return 0 }
      if fraction == 0.5 && errors.count % 2 == 0 {
        return (errors[errors.count / 2 - 1] + errors[errors.count / 2]) / 2
      }
      return errors[max(0, Int((Double(errors.count) * fraction).rounded(.up)) - 1)]
    }
    let worst = cases.max { abs($0.errorPct) < abs($1.errorPct) }
    self.init(
      cases: cases.count, medianAbsErrorPct: rank(0.5), p90AbsErrorPct: rank(0.9),
      worst: worst.map {
        "\($0.link) \($0.bodyBytes) B \($0.cc) \($0.connection): \(String(format: "%+.1f", $0.errorPct)) %"
      })
  }
}
