import DeflateBenchSupport

/// Sentry error events as the JavaScript (React) SDK sends them in envelopes: the event JSON
/// with exception and stack trace, breadcrumbs (clicks, navigations, fetches, console), request,
/// user, tags and trace context.
///
/// Batching: Sentry's relay accepts one event per envelope, and SDKs send one envelope per
/// event. For `events: N` this profile writes N event items into one envelope (what an SDK's
/// offline cache or a relay forwarding batch looks like), so `events: 1` is the real upload and
/// larger N shows what batching would save. An envelope is a header line, then per event an item
/// header line (`{"type":"event","length":N}`) and the event line.
struct SentryGenerator: EventGenerator {
  private var rng: Xoshiro256StarStar
  private var clockMillis: Int
  private let issues: [SentryIssue]
  private let issuePopularity: WeightedTable
  private let publicKey: String

  init(seed: UInt64) {
    rng = Xoshiro256StarStar(seed: seed, stream: "sentry")
    clockMillis = Timestamps.millis(year: 2024, month: 6, day: 10) + rng.int(in: 0...86_399) * 1000
    issues = SentryCatalog.makeIssues(count: 24, rng: &rng)
    issuePopularity = .zipf(count: issues.count, flatten: 1)
    publicKey = rng.hex(32)
  }

  mutating func next() -> GeneratedEvent {
    clockMillis += rng.int(in: 200...45_000)
    let issue = issues[issuePopularity.draw(&rng)]
    let eventId = rng.hex(32)
    let traceId = rng.hex(32)
    let browser = DeviceCatalog.browsers.draw(&rng)
    let locale = DeviceCatalog.locales.draw(&rng)
    let url =
      "https://www.shoply.com"
      + issue.transaction.replacingOccurrences(of: ":sku", with: "sku-\(rng.int(in: 10000...12800))")
      .replacingOccurrences(
        of: ":slug", with: rng.pick(["acme-wireless-headphones", "electronics", "home-kitchen", "globex-yoga-mat"]))
    var json = JSONWriter(capacity: 6000)
    json.beginObject()
    json.key("exception")
    json.beginObject()
    json.key("values")
    json.beginArray()
    json.beginObject()
    json.field("type", issue.type)
    json.field("value", issue.value)
    json.key("stacktrace")
    json.beginObject()
    json.key("frames")
    json.beginArray()
    for frame in issue.frames {
      json.beginObject()
      json.field("filename", frame.filename)
      json.field("function", frame.function)
      json.field("in_app", frame.inApp)
      json.field("lineno", frame.lineno)
      json.field("colno", frame.colno)
      json.endObject()
    }
    json.endArray()
    json.endObject()
    json.key("mechanism")
    json.beginObject()
    json.field("type", issue.mechanism)
    json.field("handled", issue.handled)
    json.endObject()
    json.endObject()
    json.endArray()
    json.endObject()
    json.field("level", "error")
    json.field("event_id", eventId)
    json.field("platform", "javascript")
    json.key("request")
    json.beginObject()
    json.field("url", url)
    json.key("headers")
    json.beginObject()
    json.field("Referer", "https://www.shoply.com/")
    json.field("User-Agent", browser.userAgent)
    json.endObject()
    json.endObject()
    json.field("timestamp", fixed: clockMillis, decimals: 3)
    json.field("environment", "production")
    json.field("release", SentryCatalog.release)
    writeSDK(&json)
    json.key("user")
    json.beginObject()
    if rng.chance(55) { json.field("id", "u_\(rng.int(in: 100_000...9_999_999))") }
    json.field("ip_address", "{{auto}}")
    json.endObject()
    json.key("tags")
    json.beginObject()
    json.field("locale", locale.locale)
    json.field("route", issue.transaction)
    json.endObject()
    json.key("contexts")
    json.beginObject()
    json.key("trace")
    json.beginObject()
    json.field("trace_id", traceId)
    json.field("span_id", rng.hex(16))
    json.field("op", rng.chance(70) ? "navigation" : "pageload")
    json.endObject()
    json.key("react")
    json.beginObject()
    json.field("version", "18.3.1")
    json.endObject()
    json.endObject()
    writeBreadcrumbs(&json, route: issue.transaction)
    json.field("transaction", issue.transaction)
    json.endObject()
    return GeneratedEvent(json: json.take(), timeMillis: clockMillis, eventId: eventId, traceId: traceId)
  }

  private func writeSDK(_ json: inout JSONWriter) {
    json.key("sdk")
    json.beginObject()
    json.key("integrations")
    json.beginArray()
    for name in SentryCatalog.integrations { json.string(name) }
    json.endArray()
    json.field("name", SentryCatalog.sdkName)
    json.field("version", SentryCatalog.sdkVersion)
    json.key("packages")
    json.beginArray()
    json.beginObject()
    json.field("name", "npm:@sentry/react")
    json.field("version", SentryCatalog.sdkVersion)
    json.endObject()
    json.endArray()
    json.endObject()
  }

  /// What the user did before the error, oldest first, ending just before the event.
  private mutating func writeBreadcrumbs(_ json: inout JSONWriter, route: String) {
    let count = rng.int(in: 6...36)
    var time = clockMillis - count * 2500 - rng.int(in: 0...20_000)
    json.key("breadcrumbs")
    json.beginArray()
    for _ in 0..<count {
      time += rng.int(in: 40...4800)
      json.beginObject()
      json.field("timestamp", fixed: time, decimals: 3)
      switch rng.int(in: 0...99) {
      case 0..<30:
        json.field("category", "ui.click")
        json.field("message", rng.pick(Self.clickTargets))
      case 30..<45:
        json.field("category", "navigation")
        json.key("data")
        json.beginObject()
        json.field("from", SentryCatalog.routes.draw(&rng))
        json.field("to", route)
        json.endObject()
      case 45..<80:
        json.field("category", rng.chance(70) ? "fetch" : "xhr")
        json.key("data")
        json.beginObject()
        let (method, url) = rng.pick(Self.requests)
        json.field("method", method)
        json.field("url", url)
        json.field("status_code", rng.chance(92) ? 200 : rng.pick([401, 404, 500, 502]))
        json.endObject()
        json.field("type", "http")
      default:
        json.field("category", "console")
        json.key("data")
        json.beginObject()
        json.field("logger", "console")
        json.endObject()
        json.field("level", rng.chance(60) ? "log" : "warning")
        json.field("message", rng.pick(Self.consoleMessages))
      }
      json.endObject()
    }
    json.endArray()
  }

  func makeBatch() -> any EventBatch { SentryEnvelope(publicKey: publicKey) }

  private static let clickTargets = [
    "button.btn.btn-primary[type=\"submit\"]", "div.product-card > a.product-card__link", "button#add-to-cart",
    "input#search-input[name=\"q\"]", "a.nav-link[href=\"/cart\"]", "button.checkout-button", "li.menu-item > a",
    "button.coupon-apply", "div.modal-footer > button.btn-secondary", "span.quantity-stepper__plus",
  ]

  private static let requests = [
    ("GET", "https://api.shoply.com/api/v1/cart/current"), ("POST", "https://api.shoply.com/api/v1/cart/items"),
    ("GET", "https://api.shoply.com/api/v1/products?category=electronics&page=2"),
    ("POST", "https://api.shoply.com/api/v1/checkout"), ("GET", "https://api.shoply.com/api/v1/recommendations"),
    ("POST", "https://www.google-analytics.com/g/collect"), ("GET", "https://api.shoply.com/api/v1/me"),
  ]

  private static let consoleMessages = [
    "[cart] syncing 3 items", "Warning: Each child in a list should have a unique \"key\" prop.",
    "[auth] token refreshed", "Download the React DevTools for a better development experience",
    "[checkout] payment step mounted", "GA4: event sent add_to_cart",
  ]
}

/// An envelope: a header line, then an item header line and the event line per event. The
/// header names the first event's ids, so it is written when the envelope is closed.
struct SentryEnvelope: EventBatch {
  private let publicKey: String
  private var items: [UInt8] = []
  private var count = 0
  private var firstEventId = ""
  private var firstTraceId = ""
  private var lastMillis = 0

  init(publicKey: String) {
    self.publicKey = publicKey
    items.reserveCapacity(8192)
  }

  mutating func add(_ event: GeneratedEvent) {
    if count == 0 {
      firstEventId = event.eventId
      firstTraceId = event.traceId
    }
    count += 1
    lastMillis = event.timeMillis
    items.append(0x0A)
    items.append(contentsOf: Array("{\"type\":\"event\",\"length\":\(event.json.count)}".utf8))
    items.append(0x0A)
    items.append(contentsOf: event.json)
  }

  mutating func finish() -> [UInt8] {
    var header = JSONWriter(capacity: items.count + 512)
    header.beginObject()
    if count == 1 { header.field("event_id", firstEventId) }
    header.field("sent_at", Timestamps.iso8601(millis: sendTime(afterEventAt: lastMillis)))
    header.key("sdk")
    header.beginObject()
    header.field("name", SentryCatalog.sdkName)
    header.field("version", SentryCatalog.sdkVersion)
    header.endObject()
    header.key("trace")
    header.beginObject()
    header.field("environment", "production")
    header.field("release", SentryCatalog.release)
    header.field("public_key", publicKey)
    header.field("trace_id", firstTraceId)
    header.endObject()
    header.endObject()
    var body = header.take()
    body.append(contentsOf: items)
    body.append(0x0A)
    items = []
    return body
  }
}
