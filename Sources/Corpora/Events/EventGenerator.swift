/// One generated event: its compact JSON and what the batch wrapper needs to know about it.
struct GeneratedEvent: Sendable {
  var json: [UInt8]
  var timeMillis: Int
  /// The OTLP instrumentation scope the record belongs to (a batch groups records by scope).
  var scope = ""
  /// The Sentry event id and trace id, for the envelope header.
  var eventId = ""
  var traceId = ""
}

/// A profile's event stream. Events come out in time order and depend only on the seed, never
/// on how they are batched, so every split of a corpus holds the same events.
protocol EventGenerator {
  /// The next event of the stream.
  mutating func next() -> GeneratedEvent
  /// An empty request body in the profile's batch format, to add events to.
  func makeBatch() -> any EventBatch
}

/// A request body written one event at a time, so a large batch never holds its events and its
/// body at once.
protocol EventBatch {
  /// Appends one event.
  mutating func add(_ event: GeneratedEvent)
  /// Closes the body (at least one event was added) and hands it over.
  mutating func finish() -> [UInt8]
}

extension EventGenerator {
  /// One request body holding `events` (non-empty).
  func batch(_ events: [GeneratedEvent]) -> [UInt8] {
    var batch = makeBatch()
    for event in events { batch.add(event) }
    return batch.finish()
  }
}

extension EventProfile {
  /// A fresh generator for this profile, positioned at the first event.
  func makeGenerator(seed: UInt64) -> any EventGenerator {
    switch self {
    case .mixpanel: MixpanelGenerator(seed: seed)
    case .segment: SegmentGenerator(seed: seed)
    case .otlpLogs: OTLPLogsGenerator(seed: seed)
    case .sentry: SentryGenerator(seed: seed)
    }
  }
}

/// When an SDK sends a batch: a moment after its last event, the same for the same batch.
func sendTime(afterEventAt last: Int) -> Int {
  last + 150 + last % 850
}
