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
    json.beginObject()
    json.field("event", action.name)
    json.key("properties")
    json.beginObject()
    json.field("time", time)
    json.field("distinct_id", shopper.userId ?? "$device:\(shopper.deviceId)")
    json.field("$device_id", shopper.deviceId)
    if let userId = shopper.userId { json.field("$user_id", userId) }
    json.field("$insert_id", stream.rng.alphanumeric(16).lowercased())
    json.field("token", token)
    switch shopper.platform {
    case .ios:
      json.field("mp_lib", "swift")
      json.field("$lib_version", "4.2.7")
      json.field("$os", "iOS")
      json.field("$os_version", shopper.osVersion)
      json.field("$manufacturer", "Apple")
      json.field("$model", shopper.device.model)
      json.field("$app_version_string", shopper.appVersion)
      json.field("$app_build_number", shopper.appBuild)
      json.field("$screen_width", shopper.device.width)
      json.field("$screen_height", shopper.device.height)
      json.field("$wifi", session.wifi)
      json.field("$carrier", shopper.carrier)
      json.field("$radio", session.radio)
      json.field("$had_persisted_distinct_id", session.eventNumber > 1)
    case .android:
      json.field("mp_lib", "android")
      json.field("$lib_version", "7.5.2")
      json.field("$os", "Android")
      json.field("$os_version", shopper.osVersion)
      json.field("$manufacturer", shopper.device.manufacturer)
      json.field("$brand", shopper.device.manufacturer)
      json.field("$model", shopper.device.model)
      json.field("$google_play_services", "available")
      json.field("$screen_dpi", shopper.device.densityMillis * 160 / 1000)
      json.field("$screen_width", shopper.device.width * shopper.device.densityMillis / 1000)
      json.field("$screen_height", shopper.device.height * shopper.device.densityMillis / 1000)
      json.field("$app_version_string", shopper.appVersion)
      json.field("$app_build_number", Int(shopper.appBuild) ?? 0)
      json.field("$has_nfc", true)
      json.field("$has_telephone", true)
      json.field("$carrier", shopper.carrier)
      json.field("$wifi", session.wifi)
      json.field("$bluetooth_enabled", session.wifi)
    case .web:
      json.field("mp_lib", "web")
      json.field("$lib_version", "2.52.0")
      json.field("$os", shopper.browser.os)
      json.field("$browser", shopper.browser.name)
      json.field("$browser_version", Int(shopper.browser.version.prefix { $0 != "." }) ?? 0)
      json.field("$current_url", CommerceCatalog.webHost + action.pagePath)
      json.field("$screen_height", shopper.browser.height)
      json.field("$screen_width", shopper.browser.width)
      json.field("$initial_referrer", shopper.initialReferrer)
      json.field("$initial_referring_domain", Self.domain(of: shopper.initialReferrer))
    }
    json.field("session_id", String(session.sessionId, radix: 36))
    json.field("screen", action.screen)
    for (name, value) in action.properties { json.field(name, value) }
    json.endObject()
    json.endObject()
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
