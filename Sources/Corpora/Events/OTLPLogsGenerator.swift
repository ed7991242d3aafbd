import DeflateBenchSupport

/// OpenTelemetry logs as a Java service's OTLP/HTTP exporter sends them (JSON encoding of
/// `ExportLogsServiceRequest`): one `resourceLogs` entry with the service's resource attributes,
/// records grouped by instrumentation scope (the logger), each with nanosecond timestamps as
/// strings, severity, a string body, typed attributes and the trace and span ids of the request
/// that logged it. Requests overlap, so records of two or three requests interleave.
struct OTLPLogsGenerator: EventGenerator {
  private var rng: Xoshiro256StarStar
  private var clockMillis: Int
  private let resource: [UInt8]
  /// Records waiting to be emitted, per request in flight.
  private var inflight: [[PendingLog]] = []
  private let requestIdentity: RequestIdentity

  init(seed: UInt64) {
    rng = Xoshiro256StarStar(seed: seed, stream: "otlp-logs")
    clockMillis = Timestamps.millis(year: 2024, month: 6, day: 10) + rng.int(in: 0...86_399) * 1000
    let pod = "checkout-service-7d9f8b6c5-" + rng.alphanumeric(5).lowercased()
    requestIdentity = RequestIdentity(instance: rng.uuid(), pod: pod, pid: rng.int(in: 1...64))
    resource = Self.resourceJSON(identity: requestIdentity)
  }

  mutating func next() -> GeneratedEvent {
    clockMillis += rng.chance(80) ? rng.int(in: 0...25) : rng.int(in: 25...400)
    if inflight.isEmpty || (inflight.count < 3 && rng.chance(30)) {
      inflight.append(OTLPLogTemplates.request(rng: &rng, identity: requestIdentity))
    }
    let which = rng.index(inflight.count)
    let log = inflight[which].removeFirst()
    if inflight[which].isEmpty { inflight.remove(at: which) }
    let nanos = rng.int(in: 0...999_999)
    let time = String(clockMillis) + Timestamps.pad(nanos, 6)
    let observed = String(clockMillis + rng.int(in: 0...3)) + Timestamps.pad(rng.int(in: 0...999_999), 6)
    var json = JSONWriter(capacity: 700)
    json.object { record in
      record.field("timeUnixNano", time)
      record.field("observedTimeUnixNano", observed)
      record.field("severityNumber", log.severity.number)
      record.field("severityText", log.severity.text)
      record.object("body") { $0.field("stringValue", log.body) }
      Self.writeAttributes(&record, log.attributes)
      record.field("flags", 1)
      record.field("traceId", log.traceId)
      record.field("spanId", log.spanId)
    }
    return GeneratedEvent(json: json.take(), timeMillis: clockMillis, scope: log.scope.rawValue)
  }

  func makeBatch() -> any EventBatch { OTLPLogsBatch(resource: resource) }

  /// `"attributes":[{"key":...,"value":{"stringValue":...}},...]`: OTLP's `KeyValue` list.
  static func writeAttributes(_ json: inout JSONWriter, _ attributes: [(String, EventValue)]) {
    json.array("attributes") { list in
      for (key, value) in attributes {
        list.object { attribute in
          attribute.field("key", key)
          attribute.object("value") { any in
            switch value {
            case .string(let text): any.field("stringValue", text)
            // OTLP JSON writes 64-bit integers as strings.
            case .int(let number): any.field("intValue", String(number))
            case .decimal(let scaled, let decimals): any.field("doubleValue", fixed: scaled, decimals: decimals)
            case .bool(let flag): any.field("boolValue", flag)
            }
          }
        }
      }
    }
  }

  private static func resourceJSON(identity: RequestIdentity) -> [UInt8] {
    var json = JSONWriter()
    json.object { resource in
      writeAttributes(
        &resource,
        [
          ("service.name", .string("checkout-service")), ("service.namespace", .string("shop")),
          ("service.version", .string("2.14.3")), ("service.instance.id", .string(identity.instance)),
          ("deployment.environment", .string("production")), ("host.name", .string(identity.pod)),
          ("host.arch", .string("amd64")), ("os.type", .string("linux")),
          ("os.description", .string("Linux 5.10.217-205.860.amzn2.x86_64")), ("process.pid", .int(identity.pid)),
          ("process.runtime.name", .string("OpenJDK Runtime Environment")),
          ("process.runtime.version", .string("21.0.3+9-LTS")), ("telemetry.sdk.name", .string("opentelemetry")),
          ("telemetry.sdk.language", .string("java")), ("telemetry.sdk.version", .string("1.38.0")),
          ("telemetry.distro.name", .string("opentelemetry-java-instrumentation")),
          ("k8s.namespace.name", .string("shop-prod")), ("k8s.pod.name", .string(identity.pod)),
          ("k8s.deployment.name", .string("checkout-service")), ("cloud.provider", .string("aws")),
          ("cloud.platform", .string("aws_eks")), ("cloud.region", .string("us-east-1")),
        ])
    }
    return json.take()
  }
}

/// What stays fixed for the service that logs.
struct RequestIdentity: Sendable {
  var instance: String
  var pod: String
  var pid: Int
}

/// One `ExportLogsServiceRequest` with one `resourceLogs` entry. Exporters group a batch's
/// records by scope, in the order scopes first appear, so records collect per scope until the
/// body is closed.
struct OTLPLogsBatch: EventBatch {
  private let resource: [UInt8]
  /// (scope name, its records as a JSON array under construction), in order of appearance.
  private var scopes: [(name: String, records: JSONWriter)] = []

  init(resource: [UInt8]) {
    self.resource = resource
  }

  mutating func add(_ event: GeneratedEvent) {
    if let index = scopes.firstIndex(where: { $0.name == event.scope }) {
      scopes[index].records.raw(event.json)
    } else {
      var records = JSONWriter(capacity: 4096)
      records.beginArray()
      records.raw(event.json)
      scopes.append((event.scope, records))
    }
  }

  mutating func finish() -> [UInt8] {
    var json = JSONWriter(capacity: scopes.reduce(resource.count + 256) { $0 + $1.records.bytes.count + 128 })
    json.beginObject()
    json.key("resourceLogs")
    json.beginArray()
    json.beginObject()
    json.key("resource")
    json.raw(resource)
    json.key("scopeLogs")
    json.beginArray()
    for index in scopes.indices {
      json.beginObject()
      json.key("scope")
      json.beginObject()
      json.field("name", scopes[index].name)
      json.endObject()
      json.key("logRecords")
      scopes[index].records.endArray()
      json.raw(scopes[index].records.take())
      json.endObject()
    }
    scopes.removeAll()
    json.endArray()
    json.field("schemaUrl", "https://opentelemetry.io/schemas/1.24.0")
    json.endObject()
    json.endArray()
    json.endObject()
    return json.take()
  }
}
