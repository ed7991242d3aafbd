/// Mixpanel events as the iOS (`swift`), Android and JavaScript (`web`) SDKs build them, in the
/// `/import` format: `{"event": ..., "properties": {"time": ms, "distinct_id", "$insert_id",
/// "token", SDK properties, custom properties}}`. A batch is a JSON array (at most 2000 events).
struct MixpanelGenerator: EventGenerator {
  private var stream: ShopperStream
  /// The project token: the same on every event of a project.
  private let token: String

  init(seed: UInt64) {
    stream = ShopperStream(seed: seed, stream: "mixpanel")
    token = stream.rng.hex(32)
  }

  mutating func next() -> GeneratedEvent {
    let (action, shopper, session, time) = stream.nextEvent()
    var json = JSONWriter(capacity: 900)
    json.object { event in
      event.field("event", action.name)
      event.object("properties") { properties in
        properties.field("time", time)
        properties.field("distinct_id", shopper.userId ?? "$device:\(shopper.deviceId)")
        properties.field("$device_id", shopper.deviceId)
        if let userId = shopper.userId { properties.field("$user_id", userId) }
        properties.field("$insert_id", stream.rng.alphanumeric(16).lowercased())
        properties.field("token", token)
        switch shopper.platform {
        case .ios:
          properties.field("mp_lib", "swift")
          properties.field("$lib_version", "4.2.7")
          properties.field("$os", "iOS")
          properties.field("$os_version", shopper.osVersion)
          properties.field("$manufacturer", "Apple")
          properties.field("$model", shopper.device.model)
          properties.field("$app_version_string", shopper.appVersion)
          properties.field("$app_build_number", shopper.appBuild)
          properties.field("$screen_width", shopper.device.width)
          properties.field("$screen_height", shopper.device.height)
          properties.field("$wifi", session.wifi)
          properties.field("$carrier", shopper.carrier)
          properties.field("$radio", session.radio)
          properties.field("$had_persisted_distinct_id", session.eventNumber > 1)
        case .android:
          properties.field("mp_lib", "android")
          properties.field("$lib_version", "7.5.2")
          properties.field("$os", "Android")
          properties.field("$os_version", shopper.osVersion)
          properties.field("$manufacturer", shopper.device.manufacturer)
          properties.field("$brand", shopper.device.manufacturer)
          properties.field("$model", shopper.device.model)
          properties.field("$google_play_services", "available")
          properties.field("$screen_dpi", shopper.device.densityMillis * 160 / 1000)
          properties.field("$screen_width", shopper.device.width * shopper.device.densityMillis / 1000)
          properties.field("$screen_height", shopper.device.height * shopper.device.densityMillis / 1000)
          properties.field("$app_version_string", shopper.appVersion)
          properties.field("$app_build_number", Int(shopper.appBuild) ?? 0)
          properties.field("$has_nfc", true)
          properties.field("$has_telephone", true)
          properties.field("$carrier", shopper.carrier)
          properties.field("$wifi", session.wifi)
          properties.field("$bluetooth_enabled", session.wifi)
        case .web:
          properties.field("mp_lib", "web")
          properties.field("$lib_version", "2.52.0")
          properties.field("$os", shopper.browser.os)
          properties.field("$browser", shopper.browser.name)
          properties.field("$browser_version", Int(shopper.browser.version.prefix { $0 != "." }) ?? 0)
          properties.field("$current_url", CommerceCatalog.webHost + action.pagePath)
          properties.field("$screen_height", shopper.browser.height)
          properties.field("$screen_width", shopper.browser.width)
          properties.field("$initial_referrer", shopper.initialReferrer)
          properties.field("$initial_referring_domain", Self.domain(of: shopper.initialReferrer))
        }
        properties.field("session_id", String(session.sessionId, radix: 36))
        properties.field("screen", action.screen)
        for (name, value) in action.properties { properties.field(name, value) }
      }
    }
    return GeneratedEvent(json: json.take(), timeMillis: time)
  }

  func makeBatch() -> any EventBatch { MixpanelBatch() }

  /// `https://www.google.com/` to `www.google.com`; Mixpanel keeps `$direct` as is.
  static func domain(of referrer: String) -> String {
    guard let schemeEnd = referrer.range(of: "://") else { return referrer }
    return String(referrer[schemeEnd.upperBound...].prefix { $0 != "/" })
  }
}

/// `[event,event,...]`
struct MixpanelBatch: EventBatch {
  private var json = JSONWriter(capacity: 4096)

  init() {
    json.beginArray()
  }

  mutating func add(_ event: GeneratedEvent) {
    json.raw(event.json)
  }

  mutating func finish() -> [UInt8] {
    json.endArray()
    return json.take()
  }
}
