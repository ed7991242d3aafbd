/// The answer for one payload set, written for a person and into results.json's `answer` array:
/// what to do, the setting to ship, what it saves on each link of the run, and how far plain
/// zlib 6 is from it. Computed by `Verdict.answers` (Sources/Reports/Verdict) from the verdict's
/// candidates; the decision and setting are the reference link and device's (`reference_link`,
/// `reference_device`).
public struct PayloadAnswer: Codable, Sendable, Equatable {
  public var corpus: String
  public var split: String
  /// The generator the set's bodies come from (`json-events/mixpanel`), shared by corpora cut from
  /// one event stream at different batch sizes; nil for files and binary kinds.
  public var generator: String?
  /// `compress`, `no_meaningful_difference` or `send_uncompressed`.
  public var decision: String
  /// What the decision and the setting weighed (the reference row's `objective`): `time` or
  /// `energy`; nil in files written before it existed.
  public var objective: String?
  /// Why an energy-objective answer was decided on time (the reference row's `objective_note`).
  public var objectiveNote: String?
  /// The setting to ship, for `compress`; nil otherwise.
  public var backend: String?
  public var level: Int?
  public var container: String?
  public var dictionary: String?
  /// The gzip pick on the reference link and device, for `compress`: the setting itself when it
  /// is gzip; nil when no gzip setting beats sending uncompressed.
  public var gzipBackend: String?
  public var gzipLevel: Int?
  /// The gzip pick's total minus the setting's on the reference link and device (positive: gzip
  /// is slower), when the setting is not gzip.
  public var gzipGapMs: Double?
  public var referenceLink: String
  public var referenceDevice: String
  /// zlib 6's total minus the shipped setting's on the reference link and device (positive:
  /// zlib 6 is slower); nil without a zlib 6 cell or a setting to ship.
  public var zlib6GapMs: Double?
  /// With the energy objective, the same two gaps in energy per request in session,
  /// millijoules (positive: the gzip pick or zlib 6 costs more); nil otherwise.
  public var gzipGapMj: Double?
  public var zlib6GapMj: Double?
  /// True when some setting beats zlib 6 there (beyond both intervals and by the minimum saving),
  /// the only case in which the answer names another setting; nil without a zlib 6 cell.
  public var zlib6Beaten: Bool?
  /// The median and 95th percentile of the set's uncompressed body sizes, bytes; nil in files
  /// written before they existed.
  public var bodyP50Bytes: Double?
  public var bodyP95Bytes: Double?
  /// Mean bytes on the wire per request with the setting to ship and with zlib 6 (the body
  /// alone, as `output_bytes` counts it), for `compress`.
  public var wireBytesPerRequest: Double?
  public var zlib6WireBytesPerRequest: Double?
  /// Per link, on the reference device.
  public var links: [LinkAnswer]
  /// For the smallest batch of a generator measured at several (`events=1`, `events=50`): the
  /// largest batch and its time per event on the reference link, when batching saves time.
  public var batchInstead: BatchHint?
  /// The sentence report.md and the console print.
  public var line: String

  public init(
    corpus: String, split: String, decision: String, referenceLink: String, referenceDevice: String,
    bodyP50Bytes: Double, bodyP95Bytes: Double, links: [LinkAnswer], line: String
  ) {
    self.corpus = corpus
    self.split = split
    self.decision = decision
    self.referenceLink = referenceLink
    self.referenceDevice = referenceDevice
    self.bodyP50Bytes = bodyP50Bytes
    self.bodyP95Bytes = bodyP95Bytes
    self.links = links
    self.line = line
  }

  public var payloadSetLabel: String { "\(corpus)/\(split)" }

  /// What batch sizes are compared within: the generator, or the corpus without one.
  public var batchGroup: String { generator ?? corpus }
}

/// One link of a `PayloadAnswer`: the shipped setting (for `compress`; the fastest setting
/// otherwise) against sending uncompressed, mean milliseconds per request on the reference device.
public struct LinkAnswer: Codable, Sendable, Equatable {
  public var link: String
  /// The verdict row's own decision on this link and the reference device.
  public var decision: String
  public var identityMs: Double
  public var bestMs: Double?
  /// identity_ms - best_ms: saved time is positive.
  public var savingMs: Double
  /// The smallest and largest saving of the same setting across the run's devices.
  public var minSavingMs: Double
  public var maxSavingMs: Double
  /// This link's own recommended setting when its decision is `compress` (it may differ from
  /// the answer's setting, or the answer may not compress at all).
  public var ownPick: String?
  /// Events per request of the payload set (`events=N` splits), and the time one event takes
  /// with the answer (best_ms when compressing, identity_ms otherwise) divided by them.
  public var eventsPerRequest: Int?
  public var msPerEvent: Double?
  /// The energy one event takes with the answer, millijoules: an isolated request's (each
  /// request wakes the radio and pays its tail) divided by the events; nil without `energy`.
  public var mjPerEvent: Double?
  /// The phone's energy per request on this link and the reference device (docs/energy.md):
  /// identity, the setting `best_ms` times (`best_mj`) and zlib 6, isolated and in session; nil
  /// where the energy is not modelled (the measuring machine, a link whose radio is unknown).
  public var energy: VerdictEnergy?

  public init(
    link: String, decision: String, identityMs: Double, bestMs: Double?, savingMs: Double, minSavingMs: Double,
    maxSavingMs: Double
  ) {
    self.link = link
    self.decision = decision
    self.identityMs = identityMs
    self.bestMs = bestMs
    self.savingMs = savingMs
    self.minSavingMs = minSavingMs
    self.maxSavingMs = maxSavingMs
  }
}

/// "batch instead: 50 events per request take 1.3 ms and 230 mJ per event on LTE".
public struct BatchHint: Codable, Sendable, Equatable {
  public var events: Int
  public var link: String
  public var msPerEvent: Double
  /// The energy per event of that batch on that link (isolated requests), when modelled.
  public var mjPerEvent: Double?

  public init(events: Int, link: String, msPerEvent: Double) {
    self.events = events
    self.link = link
    self.msPerEvent = msPerEvent
  }
}
