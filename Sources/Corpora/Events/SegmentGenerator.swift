/// Segment messages as analytics-swift, analytics-kotlin and analytics.js send them to
/// `/v1/batch`: `track`, `screen`/`page` and `identify` calls, each with `messageId`, ISO-8601
/// `timestamp` and the nested `context` (library, app, device, os, locale, network, screen).
/// A batch is `{"batch": [...], "sentAt": ..., "writeKey": ...}`.
struct SegmentGenerator: EventGenerator {
  private var stream: ShopperStream
  private let writeKey: String

  init(seed: UInt64) {
    stream = ShopperStream(seed: seed, stream: "segment")
    writeKey = stream.rng.alphanumeric(32)
  }

  mutating func next() -> GeneratedEvent {
    let (action, shopper, session, time) = stream.nextEvent()
    let web = shopper.platform == .web
    var json = JSONWriter(capacity: 1400)
    json.beginObject()
    let type: String
    if action.name == "Signed In" || action.name == "Signed Up" {
      type = "identify"
    } else if action.name == "Screen Viewed" || action.name == "Page Viewed" {
      type = web ? "page" : "screen"
    } else {
      type = "track"
    }
    json.field("type", type)
    switch type {
    case "identify":
      json.key("traits")
      json.beginObject()
      json.field("email", shopper.email)
      json.field("firstName", shopper.firstName)
      json.field("lastName", shopper.lastName)
      json.field("plan", CommerceCatalog.plans.draw(&stream.rng))
      json.field("createdAt", Timestamps.iso8601(millis: session.sessionId - stream.rng.int(in: 0...400) * 86_400_000))
      json.endObject()
    case "page", "screen":
      json.field("name", action.screen)
      json.key("properties")
      json.beginObject()
      if web {
        json.field("path", action.pagePath)
        json.field("title", action.pageTitle)
        json.field("url", CommerceCatalog.webHost + action.pagePath)
      }
      for (name, value) in action.properties where name != "screen_name" { json.field(name, value) }
      json.endObject()
    default:
      json.field("event", action.name)
      json.key("properties")
      json.beginObject()
      for (name, value) in action.properties { json.field(name, value) }
      json.endObject()
    }
    if let userId = shopper.userId { json.field("userId", userId) }
    json.field("anonymousId", shopper.anonymousId)
    json.field("messageId", web ? "ajs-next-" + stream.rng.hex(32) : stream.rng.uuid())
    json.field("timestamp", Timestamps.iso8601(millis: time))
    writeContext(&json, shopper: shopper, session: session, action: action)
    json.key("integrations")
    json.beginObject()
    json.endObject()
    json.endObject()
    return GeneratedEvent(json: json.take(), timeMillis: time)
  }

  private mutating func writeContext(
    _ json: inout JSONWriter, shopper: Shopper, session: ShoppingSession, action: ShopAction
  ) {
    json.key("context")
    json.beginObject()
    if shopper.platform == .web {
      json.key("library")
      libraryObject(&json, name: "analytics.js", version: "npm:next-1.70.0")
      json.field("locale", shopper.locale.locale)
      json.key("page")
      json.beginObject()
      json.field("path", action.pagePath)
      json.field("referrer", shopper.initialReferrer == "$direct" ? "" : shopper.initialReferrer)
      json.field("search", "")
      json.field("title", action.pageTitle)
      json.field("url", CommerceCatalog.webHost + action.pagePath)
      json.endObject()
      json.field("userAgent", shopper.browser.userAgent)
      json.key("userAgentData")
      json.beginObject()
      json.field("mobile", shopper.browser.mobile)
      json.field("platform", shopper.browser.os == "Mac OS X" ? "macOS" : shopper.browser.os)
      json.endObject()
      json.field("timezone", shopper.locale.timeZone)
      json.endObject()
      return
    }
    let ios = shopper.platform == .ios
    json.key("app")
    json.beginObject()
    json.field("build", shopper.appBuild)
    json.field("name", CommerceCatalog.appName)
    json.field("namespace", CommerceCatalog.appNamespace)
    json.field("version", shopper.appVersion)
    json.endObject()
    json.key("device")
    json.beginObject()
    json.field("id", shopper.deviceId)
    json.field("manufacturer", shopper.device.manufacturer)
    json.field("model", shopper.device.model)
    json.field("name", ios ? "iPhone" : shopper.device.marketingName)
    json.field("type", ios ? "ios" : "android")
    json.endObject()
    json.key("library")
    libraryObject(&json, name: ios ? "analytics-swift" : "analytics-kotlin", version: ios ? "1.5.11" : "1.15.0")
    json.field("locale", shopper.locale.locale)
    json.key("network")
    json.beginObject()
    json.field("bluetooth", false)
    json.field("carrier", shopper.carrier)
    json.field("cellular", !session.wifi)
    json.field("wifi", session.wifi)
    json.endObject()
    json.key("os")
    json.beginObject()
    json.field("name", ios ? "iOS" : "Android")
    json.field("version", shopper.osVersion)
    json.endObject()
    json.key("screen")
    json.beginObject()
    if shopper.device.densityMillis % 1000 == 0 {
      json.field("density", shopper.device.densityMillis / 1000)
    } else {
      json.field("density", fixed: shopper.device.densityMillis, decimals: 3)
    }
    json.field("height", shopper.device.height)
    json.field("width", shopper.device.width)
    json.endObject()
    json.field("timezone", shopper.locale.timeZone)
    json.field("instanceId", shopper.anonymousId.uppercased())
    json.endObject()
  }

  private func libraryObject(_ json: inout JSONWriter, name: String, version: String) {
    json.beginObject()
    json.field("name", name)
    json.field("version", version)
    json.endObject()
  }

  func makeBatch() -> any EventBatch { SegmentBatch(writeKey: writeKey) }
}

/// `{"batch":[message,...],"sentAt":...,"writeKey":...}`
struct SegmentBatch: EventBatch {
  private var json = JSONWriter(capacity: 4096)
  private let writeKey: String
  private var lastMillis = 0

  init(writeKey: String) {
    self.writeKey = writeKey
    json.beginObject()
    json.key("batch")
    json.beginArray()
  }

  mutating func add(_ event: GeneratedEvent) {
    json.raw(event.json)
    lastMillis = event.timeMillis
  }

  mutating func finish() -> [UInt8] {
    json.endArray()
    json.field("sentAt", Timestamps.iso8601(millis: sendTime(afterEventAt: lastMillis)))
    json.field("writeKey", writeKey)
    json.endObject()
    return json.take()
  }
}
