/// The curves the PNG charts draw (scripts/plotting), computed by Swift from the cells and the
/// upload model and written into results.json as `charts`, so the plotting scripts hold no copy
/// of the model or the verdict rules: they only draw these numbers. nil in files written before
/// it existed.
public struct ChartData: Codable, Sendable, Equatable {
  /// The device the curves are modelled for: the answer's reference device.
  public var device: String
  /// The Pareto-optimal cells (output bytes against median compression speed, per payload set and
  /// thread count), by the report's rule: verified cells whose output is smaller than their input.
  public var pareto: [CellKey]
  /// Time saved per request against the uplink rate, per payload set.
  public var uplink: [UplinkCurve]
  /// Time and energy per event against batch size, per generator measured at several `events=N`
  /// and link.
  public var batch: [BatchCurve]

  public init(device: String, pareto: [CellKey], uplink: [UplinkCurve], batch: [BatchCurve]) {
    self.device = device
    self.pareto = pareto
    self.uplink = uplink
    self.batch = batch
  }
}

/// One payload set's time saved per request (identity's total minus the setting's, the verdict's
/// model: each body at its own size, the run's compressor) at uplink rates from 100 kbit/s to
/// 100 Mbit/s, with the round trip held at the reference link's.
public struct UplinkCurve: Codable, Sendable, Equatable {
  public var corpus: String
  public var split: String
  /// Mean uncompressed body, bytes.
  public var payloadBytes: Double
  /// The round trip held along the curves: the reference link's.
  public var rttMs: Double
  /// The rates the curves are evaluated at, log-spaced.
  public var ratesBitsPerSecond: [Double]
  /// zlib 6 first (the reference), then each setting the verdict picks on some link.
  public var series: [UplinkSeries]

  public init(
    corpus: String, split: String, payloadBytes: Double, rttMs: Double, ratesBitsPerSecond: [Double],
    series: [UplinkSeries]
  ) {
    self.corpus = corpus
    self.split = split
    self.payloadBytes = payloadBytes
    self.rttMs = rttMs
    self.ratesBitsPerSecond = ratesBitsPerSecond
    self.series = series
  }
}

/// One setting's curve and its savings at the run's links (each at its own rate and round trip).
public struct UplinkSeries: Codable, Sendable, Equatable {
  /// `zlib 6`, `best pick` or `gzip pick` (the first that applies).
  public var role: String
  public var backend: String
  public var container: String
  public var level: Int
  public var dictionary: String?
  /// Input over output bytes across the set.
  public var ratio: Double
  /// Saved milliseconds per request at each of `rates_bits_per_second` (negative: slower).
  public var savingMs: [Double]
  public var links: [UplinkPoint]

  public init(
    role: String, backend: String, container: String, level: Int, dictionary: String?, ratio: Double,
    savingMs: [Double], links: [UplinkPoint]
  ) {
    self.role = role
    self.backend = backend
    self.container = container
    self.level = level
    self.dictionary = dictionary
    self.ratio = ratio
    self.savingMs = savingMs
    self.links = links
  }
}

/// A setting's saving on one link of the run: the verdict's mean and the ends of its 95 %
/// interval (from the speeds' intervals).
public struct UplinkPoint: Codable, Sendable, Equatable {
  public var link: String
  public var uplinkBitsPerSecond: Double
  public var rttMs: Double
  public var savingMs: Double
  public var lowMs: Double
  public var highMs: Double

  public init(
    link: String, uplinkBitsPerSecond: Double, rttMs: Double, savingMs: Double, lowMs: Double, highMs: Double
  ) {
    self.link = link
    self.uplinkBitsPerSecond = uplinkBitsPerSecond
    self.rttMs = rttMs
    self.savingMs = savingMs
    self.lowMs = lowMs
    self.highMs = highMs
  }
}

/// One generator's time and energy per event against its batch sizes on one link, with each
/// size's answer.
public struct BatchCurve: Codable, Sendable, Equatable {
  public var corpus: String
  public var link: String
  public var uplinkBitsPerSecond: Double
  public var rttMs: Double
  /// Smallest batch first.
  public var points: [BatchPoint]

  public init(corpus: String, link: String, uplinkBitsPerSecond: Double, rttMs: Double, points: [BatchPoint]) {
    self.corpus = corpus
    self.link = link
    self.uplinkBitsPerSecond = uplinkBitsPerSecond
    self.rttMs = rttMs
    self.points = points
  }
}

/// One batch size: the answer's time per event (the shipped setting's total when the answer
/// compresses, identity's otherwise) and identity's, milliseconds; and the same in energy,
/// millijoules, each request isolated (it wakes the radio and pays the tail).
public struct BatchPoint: Codable, Sendable, Equatable {
  public var split: String
  public var events: Int
  public var msPerEvent: Double
  public var identityMsPerEvent: Double
  /// nil where the energy is not modelled (a link whose radio is unknown, the measuring machine).
  public var mjPerEvent: Double?
  public var identityMjPerEvent: Double?
  /// The setting the answer ships (`zstd 3`), nil when it does not compress.
  public var setting: String?

  public init(split: String, events: Int, msPerEvent: Double, identityMsPerEvent: Double, setting: String?) {
    self.split = split
    self.events = events
    self.msPerEvent = msPerEvent
    self.identityMsPerEvent = identityMsPerEvent
    self.setting = setting
  }
}
