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
    let type: String
    if action.name == "Signed In" || action.name == "Signed Up" {
      type = "identify"
    } else if action.name == "Screen Viewed" || action.name == "Page Viewed" {
      type = web ? "page" : "screen"
    } else {
      type = "track"
    }
    var json = JSONWriter(capacity: 1400)
    json.object { message in
      message.field("type", type)
      switch type {
      case "identify":
        message.object("traits") { traits in
          traits.field("email", shopper.email)
          traits.field("firstName", shopper.firstName)
          traits.field("lastName", shopper.lastName)
          traits.field("plan", CommerceCatalog.plans.draw(&stream.rng))
          traits.field(
            "createdAt", Timestamps.iso8601(millis: session.sessionId - stream.rng.int(in: 0...400) * 86_400_000))
        }
      case "page", "screen":
        message.field("name", action.screen)
        message.object("properties") { properties in
          if web {
            properties.field("path", action.pagePath)
            properties.field("title", action.pageTitle)
            properties.field("url", CommerceCatalog.webHost + action.pagePath)
          }
          for (name, value) in action.properties where name != "screen_name" { properties.field(name, value) }
        }
      default:
        message.field("event", action.name)
        message.object("properties") { properties in
          for (name, value) in action.properties { properties.field(name, value) }
        }
      }
      if let userId = shopper.userId { message.field("userId", userId) }
      message.field("anonymousId", shopper.anonymousId)
      message.field("messageId", web ? "ajs-next-" + stream.rng.hex(32) : stream.rng.uuid())
      message.field("timestamp", Timestamps.iso8601(millis: time))
      writeContext(&message, shopper: shopper, session: session, action: action)
      message.object("integrations") { _ in }
    }
    return GeneratedEvent(json: json.take(), timeMillis: time)
  }

  private mutating func writeContext(
    _ json: inout JSONWriter, shopper: Shopper, session: ShoppingSession, action: ShopAction
  ) {
    json.object("context") { context in
      if shopper.platform == .web {
        writeLibrary(&context, name: "analytics.js", version: "npm:next-1.70.0")
        context.field("locale", shopper.locale.locale)
        context.object("page") { page in
          page.field("path", action.pagePath)
          page.field("referrer", shopper.initialReferrer == "$direct" ? "" : shopper.initialReferrer)
          page.field("search", "")
          page.field("title", action.pageTitle)
          page.field("url", CommerceCatalog.webHost + action.pagePath)
        }
        context.field("userAgent", shopper.browser.userAgent)
        context.object("userAgentData") { data in
          data.field("mobile", shopper.browser.mobile)
          data.field("platform", shopper.browser.os == "Mac OS X" ? "macOS" : shopper.browser.os)
        }
        context.field("timezone", shopper.locale.timeZone)
        return
      }
      let ios = shopper.platform == .ios
      context.object("app") { app in
        app.field("build", shopper.appBuild)
        app.field("name", CommerceCatalog.appName)
        app.field("namespace", CommerceCatalog.appNamespace)
        app.field("version", shopper.appVersion)
      }
      context.object("device") { device in
        device.field("id", shopper.deviceId)
        device.field("manufacturer", shopper.device.manufacturer)
        device.field("model", shopper.device.model)
        device.field("name", ios ? "iPhone" : shopper.device.marketingName)
        device.field("type", ios ? "ios" : "android")
      }
      writeLibrary(&context, name: ios ? "analytics-swift" : "analytics-kotlin", version: ios ? "1.5.11" : "1.15.0")
      context.field("locale", shopper.locale.locale)
      context.object("network") { network in
        network.field("bluetooth", false)
        network.field("carrier", shopper.carrier)
        network.field("cellular", !session.wifi)
        network.field("wifi", session.wifi)
      }
      context.object("os") { os in
        os.field("name", ios ? "iOS" : "Android")
        os.field("version", shopper.osVersion)
      }
      context.object("screen") { screen in
        if shopper.device.densityMillis % 1000 == 0 {
          screen.field("density", shopper.device.densityMillis / 1000)
        } else {
          screen.field("density", fixed: shopper.device.densityMillis, decimals: 3)
        }
        screen.field("height", shopper.device.height)
        screen.field("width", shopper.device.width)
      }
      context.field("timezone", shopper.locale.timeZone)
      context.field("instanceId", shopper.anonymousId.uppercased())
    }
  }

  private func writeLibrary(_ json: inout JSONWriter, name: String, version: String) {
    json.object("library") { library in
      library.field("name", name)
      library.field("version", version)
    }
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
