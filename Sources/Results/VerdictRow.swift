/// One answer of the verdict: for a payload set sent over one link from one device, whether to
/// compress, with what, and what it saves. Written into results.json as the `verdict` array;
/// computed by `Verdict` (Sources/Reports/Analysis/Verdict) from the cells and `model`.
///
/// Times are modelled milliseconds per request (one payload = one request body); a setting is
/// `nil` when no candidate qualifies (for example no gzip cell made the bodies smaller).
public struct VerdictRow: Codable, Sendable, Equatable {
  public var corpus: String
  public var split: String
  public var link: String
  public var device: String
  /// `warm` or `cold`, as `model.connection`.
  public var connection: String
  /// True when `decision` is `compress`.
  public var compress: Bool
  /// `compress`, `no_meaningful_difference` or `send_uncompressed`, decided beyond the totals'
  /// intervals (docs/verdict.md); nil in files written before it existed.
  public var decision: String?
  /// What the decision and the pick weighed: `time`, or `energy` with `--objective energy` where
  /// the phone's energy is modelled; nil in files written before it existed (time).
  public var objective: String?
  /// Why a row of an energy-objective run was decided on time instead (the measuring machine is
  /// not a phone, the link's radio is unknown, the phone has no CPU power); nil otherwise.
  public var objectiveNote: String?
  /// Mean uncompressed body, bytes.
  public var payloadBytes: Double

  /// The recommended setting writing `Content-Encoding: gzip`, which every server decodes: `best`
  /// itself when that is gzip.
  public var gzipBackend: String?
  public var gzipLevel: Int?
  /// The recommended setting of any encoding (zstd and br included).
  public var bestBackend: String?
  public var bestLevel: Int?
  public var bestContainer: String?
  /// The dictionary the recommended setting needs on both ends (`dcz`, or a preset dictionary),
  /// or nil for a setting without one.
  public var bestDictionary: String?
  /// The setting with the lowest mean total, which `best` may differ from inside the noise (fewer
  /// bytes among the tied) or because it does not beat zlib 6.
  public var fastestBackend: String?
  public var fastestLevel: Int?
  public var fastestContainer: String?
  public var fastestDictionary: String?

  public var identityMs: Double
  /// zlib level 6, the usual hand-rolled choice; nil when the run has no such cell.
  public var zlib6Ms: Double?
  public var gzipMs: Double?
  public var bestMs: Double?
  public var fastestMs: Double?
  /// The 95 % interval of `fastest_ms` and `best_ms`, from the headline intervals of the compress
  /// and decode speeds (and of the cold call's extra with a per-request compressor).
  public var fastestLowMs: Double?
  public var fastestHighMs: Double?
  public var bestLowMs: Double?
  public var bestHighMs: Double?
  /// The median and 95th percentile over the set's bodies of one request's total, each body put
  /// through the model at its own size (the `_ms` totals are the mean over the bodies).
  public var identityP50Ms: Double?
  public var identityP95Ms: Double?
  public var bestP50Ms: Double?
  public var bestP95Ms: Double?
  /// True when some setting beats zlib 6 beyond both intervals and by the minimum saving, the
  /// only case in which `best` is another setting; nil without a zlib 6 cell (docs/verdict.md).
  public var zlib6Beaten: Bool?
  /// identity_ms - best_ms (negative: the best setting is slower than sending uncompressed).
  public var savingMs: Double
  /// saving_ms as a percentage of identity_ms.
  public var savingPct: Double
  /// Wire bytes the best setting saves per request, and per million requests.
  public var bytesSavedPerRequest: Double
  public var bytesSavedPerMillionRequests: Double
  /// Client CPU time to compress one body with the best setting on this device, microseconds
  /// (with a per-request compressor, the cold call's extra included).
  public var clientCPUMicrosecondsPerBody: Double?
  /// Server CPU seconds to decode one GB (10^9 bytes) of decoded (uncompressed) output with the
  /// best setting.
  public var serverDecodeSecondsPerGigabyte: Double?
  /// The settings the pick was chosen among besides itself: with zlib 6 picked, those it does not
  /// beat; otherwise those that beat zlib 6 and that the fastest of them does not beat.
  public var bestTies: [String]
  /// Measured milliseconds per request for the best setting and identity, when the run uploaded
  /// over an emulated link of this name (`--upload local --link`).
  public var measuredBestMs: Double?
  public var measuredIdentityMs: Double?

  /// Whole body or streaming, for a payload set the run measured streaming forms of (`--streaming`)
  /// whose bodies span more than one chunk; all nil otherwise. The streaming form with the lowest
  /// modelled total (`StreamingUploadModel`) among the settings that shrink the bodies:
  public var streamingBackend: String?
  public var streamingLevel: Int?
  public var streamingContainer: String?
  public var streamingChunkBytes: Int?
  public var streamingMs: Double?
  /// True when that streaming total beats the whole-body answer (best_ms when `compress`,
  /// identity_ms otherwise).
  public var stream: Bool?
  /// The whole-body answer's total minus streaming's (negative: whole body is faster).
  public var streamingSavingMs: Double?
  /// Bytes the client holds for the body beyond its input: the whole compressed body (whole-body
  /// form of the best setting, or nothing extra for identity) against the streaming compressor's
  /// working memory (library state, output buffer, one chunk), which does not grow with the body.
  public var wholeBodyBufferBytes: Double?
  public var streamingBufferBytes: Int?
  /// Measured milliseconds per request of the streaming form and of its whole-body twin (the same
  /// setting), when the run uploaded both over an emulated link of this name.
  public var measuredStreamingMs: Double?
  public var measuredWholeBodyMs: Double?
  /// The phone's energy per request for identity, the recommended setting and zlib 6, isolated and
  /// in session (docs/energy.md); nil for the measuring machine, a link without a radio profile,
  /// and files written before it existed.
  public var energy: VerdictEnergy?

  public init(
    corpus: String, split: String, link: String, device: String, connection: String, compress: Bool,
    payloadBytes: Double, identityMs: Double, savingMs: Double, savingPct: Double
  ) {
    self.corpus = corpus
    self.split = split
    self.link = link
    self.device = device
    self.connection = connection
    self.compress = compress
    self.payloadBytes = payloadBytes
    self.identityMs = identityMs
    self.savingMs = savingMs
    self.savingPct = savingPct
    bytesSavedPerRequest = 0
    bytesSavedPerMillionRequests = 0
    bestTies = []
  }

  public var payloadSetLabel: String { "\(corpus)/\(split)" }
}
