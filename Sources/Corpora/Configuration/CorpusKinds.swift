/// The kinds of corpus a configuration can name.
public enum CorpusKind: String, CaseIterable, Sendable {
  /// One file of the user's, by path.
  case file
  /// Every non-hidden file under a folder, recursively, in sorted order.
  case directory
  /// Every file matching a pattern with `*`, `?`, `[...]` and `**`.
  case glob
  /// Generated analytics, log or error events, batched the way an SDK uploads them.
  case jsonEvents = "json-events"
  /// Generated binary data.
  case binary
  /// The request bodies of an HTTP Archive (HAR) exported by browser DevTools or a proxy.
  case har

  public static var names: [String] { allCases.map(\.rawValue) }
}

/// The generated event streams, each modelled on a public ingestion API.
public enum EventProfile: String, CaseIterable, Sendable {
  /// Mixpanel `/import` (and `/track`): a JSON array of `{"event", "properties"}` objects.
  case mixpanel
  /// Segment HTTP API `/v1/batch`: `{"batch": [...], "sentAt": ...}` of track, screen, identify.
  case segment
  /// OpenTelemetry OTLP/HTTP JSON logs: one `resourceLogs` document per request.
  case otlpLogs = "otlp-logs"
  /// Sentry envelopes: a header line, then an item header and an event per event.
  case sentry

  public static var names: [String] { allCases.map(\.rawValue) }

  /// The most events the service accepts in one request, when it documents a limit.
  var maximumBatchEvents: Int? {
    switch self {
    case .mixpanel: 2000
    case .segment, .otlpLogs, .sentry: nil
    }
  }

  /// The file extension of one batch body.
  var batchFileExtension: String {
    switch self {
    case .mixpanel, .segment, .otlpLogs: "json"
    case .sentry: "envelope"
    }
  }
}

/// The generated binary data kinds.
public enum BinaryProfile: String, CaseIterable, Sendable {
  /// Uniform random bytes: incompressible, like media or encrypted data.
  case random
  /// All zero bytes: the best case, like preallocated or wiped space.
  case zeros
  /// Mostly zero pages with some filled ones, like a sparse disk image or a young database file.
  case sparse
  /// Fixed-layout little-endian records of small integers and floats, like telemetry rows.
  case records
  /// Raw RGB pixels of smooth gradients with sensor noise, like an uncompressed photo.
  case image

  public static var names: [String] { allCases.map(\.rawValue) }
}
