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
    json.object { event in
      event.object("exception") { exception in
        exception.array("values") { values in
          values.object { value in
            value.field("type", issue.type)
            value.field("value", issue.value)
            value.object("stacktrace") { stacktrace in
              stacktrace.array("frames") { frames in
                for frame in issue.frames {
                  frames.object { entry in
                    entry.field("filename", frame.filename)
                    entry.field("function", frame.function)
                    entry.field("in_app", frame.inApp)
                    entry.field("lineno", frame.lineno)
                    entry.field("colno", frame.colno)
                  }
                }
              }
            }
            value.object("mechanism") { mechanism in
              mechanism.field("type", issue.mechanism)
              mechanism.field("handled", issue.handled)
            }
          }
        }
      }
      event.field("level", "error")
      event.field("event_id", eventId)
      event.field("platform", "javascript")
      event.object("request") { request in
        request.field("url", url)
        request.object("headers") { headers in
          headers.field("Referer", "https://www.shoply.com/")
          headers.field("User-Agent", browser.userAgent)
        }
      }
      event.field("timestamp", fixed: clockMillis, decimals: 3)
      event.field("environment", "production")
      event.field("release", SentryCatalog.release)
      writeSDK(&event)
      event.object("user") { user in
        if rng.chance(55) { user.field("id", "u_\(rng.int(in: 100_000...9_999_999))") }
        user.field("ip_address", "{{auto}}")
      }
      event.object("tags") { tags in
        tags.field("locale", locale.locale)
        tags.field("route", issue.transaction)
      }
      event.object("contexts") { contexts in
        contexts.object("trace") { trace in
          trace.field("trace_id", traceId)
          trace.field("span_id", rng.hex(16))
          trace.field("op", rng.chance(70) ? "navigation" : "pageload")
        }
        contexts.object("react") { $0.field("version", "18.3.1") }
      }
      writeBreadcrumbs(&event, route: issue.transaction)
      event.field("transaction", issue.transaction)
    }
    return GeneratedEvent(json: json.take(), timeMillis: clockMillis, eventId: eventId, traceId: traceId)
  }

  private func writeSDK(_ json: inout JSONWriter) {
    json.object("sdk") { sdk in
      sdk.array("integrations") { list in
        for name in SentryCatalog.integrations { list.string(name) }
      }
      sdk.field("name", SentryCatalog.sdkName)
      sdk.field("version", SentryCatalog.sdkVersion)
      sdk.array("packages") { packages in
        packages.object { npm in
          npm.field("name", "npm:@sentry/react")
          npm.field("version", SentryCatalog.sdkVersion)
        }
      }
    }
  }

  /// What the user did before the error, oldest first, ending just before the event.
  private mutating func writeBreadcrumbs(_ json: inout JSONWriter, route: String) {
    let count = rng.int(in: 6...36)
    var time = clockMillis - count * 2500 - rng.int(in: 0...20_000)
    json.array("breadcrumbs") { breadcrumbs in
      for _ in 0..<count {
        time += rng.int(in: 40...4800)
        breadcrumbs.object { crumb in
          crumb.field("timestamp", fixed: time, decimals: 3)
          switch rng.int(in: 0...99) {
          case 0..<30:
            crumb.field("category", "ui.click")
            crumb.field("message", rng.pick(Self.clickTargets))
          case 30..<45:
            crumb.field("category", "navigation")
            crumb.object("data") { data in
              data.field("from", SentryCatalog.routes.draw(&rng))
              data.field("to", route)
            }
          case 45..<80:
            crumb.field("category", rng.chance(70) ? "fetch" : "xhr")
            crumb.object("data") { data in
              let (method, url) = rng.pick(Self.requests)
              data.field("method", method)
              data.field("url", url)
              data.field("status_code", rng.chance(92) ? 200 : rng.pick([401, 404, 500, 502]))
            }
            crumb.field("type", "http")
          default:
            crumb.field("category", "console")
            crumb.object("data") { $0.field("logger", "console") }
            crumb.field("level", rng.chance(60) ? "log" : "warning")
            crumb.field("message", rng.pick(Self.consoleMessages))
          }
        }
      }
    }
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
    header.object { json in
      if count == 1 { json.field("event_id", firstEventId) }
      json.field("sent_at", Timestamps.iso8601(millis: sendTime(afterEventAt: lastMillis)))
      json.object("sdk") { sdk in
        sdk.field("name", SentryCatalog.sdkName)
        sdk.field("version", SentryCatalog.sdkVersion)
      }
      json.object("trace") { trace in
        trace.field("environment", "production")
        trace.field("release", SentryCatalog.release)
        trace.field("public_key", publicKey)
        trace.field("trace_id", firstTraceId)
      }
    }
    var body = header.take()
    body.append(contentsOf: items)
    body.append(0x0A)
    items = []
    return body
  }
}
