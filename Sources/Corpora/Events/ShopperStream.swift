import DeflateBenchSupport

/// One person's device as analytics SDKs describe it; it persists across that person's sessions.
struct Shopper: Sendable {
  var platform: Platform
  var device: MobileDevice
  var browser: Browser
  var osVersion, appVersion, appBuild: String
  var locale: LocaleInfo
  var carrier: String
  /// The SDK's device id: an upper-case IDFV on iOS, a lower-case UUID on Android, Mixpanel's
  /// cookie-style id on the web.
  var deviceId: String
  var anonymousId: String
  /// Set once the person signs in.
  var userId: String?
  var firstName, lastName, email: String
  var initialReferrer: String
}

/// One visit: a shopper, a run of events, and what they are looking at.
struct ShoppingSession: Sendable {
  var shopperIndex: Int
  var sessionId: Int
  var eventsLeft: Int
  var eventNumber = 0
  var screen = "Home"
  var productIndex = 0
  var cartItems = 0
  var wifi: Bool
  var radio: String
}

/// The merged event stream of a shop's users, as a server-side pipeline (Mixpanel `/import`,
/// Segment server libraries) sees it: several sessions interleave, a session tends to emit
/// bursts, returning shoppers come back with the same device, and time only moves forward,
/// with jitter between events.
struct ShopperStream {
  var rng: Xoshiro256StarStar
  private(set) var clockMillis: Int
  private(set) var shoppers: [Shopper] = []
  private(set) var sessions: [ShoppingSession] = []
  private var currentSession = 0
  let products: [Product]
  let productPopularity: WeightedTable
  let searchTerms: ZipfVocabulary<String>

  /// Sessions running at once; more means less repetition between neighbouring events.
  private static let concurrentSessions = 8
  private static let platforms = WeightedTable(weights: [45, 30, 25])
  /// Gaps between consecutive events of the merged stream, in ms: (weight, range).
  private static let gaps: [(UInt64, ClosedRange<Int>)] = [
    (30, 3...80), (35, 80...400), (25, 400...2000), (10, 2000...9000),
  ]
  private static let gapTable = WeightedTable(weights: gaps.map(\.0))

  init(seed: UInt64, stream: String) {
    rng = Xoshiro256StarStar(seed: seed, stream: stream)
    // A working day in June 2024, starting at a seed-dependent minute.
    clockMillis = Timestamps.millis(year: 2024, month: 6, day: 10) + rng.int(in: 8 * 60...20 * 60) * 60_000
    products = CommerceCatalog.makeProducts(count: 400, rng: &rng)
    productPopularity = .zipf(count: products.count, flatten: 3)
    searchTerms = ZipfVocabulary(CommerceCatalog.makeSearchTerms(count: 160, rng: &rng), flatten: 2)
    for _ in 0..<Self.concurrentSessions { sessions.append(newSession()) }
  }

  /// Moves the clock and picks the session that emits the next event; returns its index.
  mutating func advance() -> Int {
    let (_, range) = Self.gaps[Self.gapTable.draw(&rng)]
    clockMillis += rng.int(in: range)
    if !rng.chance(65) { currentSession = rng.index(sessions.count) }
    if sessions[currentSession].eventsLeft == 0 { sessions[currentSession] = newSession() }
    sessions[currentSession].eventsLeft -= 1
    sessions[currentSession].eventNumber += 1
    return currentSession
  }

  mutating func shopper(of sessionIndex: Int) -> Shopper { shoppers[sessions[sessionIndex].shopperIndex] }

  /// The next event every analytics generator writes: what the shopper does, who they are, their
  /// session as the action left it, and the clock. The draws happen in this order, so a seed
  /// gives the same events whichever generator asks.
  mutating func nextEvent() -> (action: ShopAction, shopper: Shopper, session: ShoppingSession, time: Int) {
    let index = advance()
    let action = nextAction(session: index)
    return (action, shopper(of: index), sessions[index], clockMillis)
  }

  mutating func update(_ sessionIndex: Int, _ change: (inout ShoppingSession) -> Void) {
    change(&sessions[sessionIndex])
  }

  mutating func signIn(_ sessionIndex: Int) {
    let index = sessions[sessionIndex].shopperIndex
    if shoppers[index].userId == nil { shoppers[index].userId = "u_\(rng.int(in: 100_000...9_999_999))" }
  }

  mutating func drawProduct() -> Int { productPopularity.draw(&rng) }

  // MARK: - New sessions and shoppers

  private mutating func newSession() -> ShoppingSession {
    let shopperIndex: Int
    if !shoppers.isEmpty && rng.chance(35) {
      // Returning shoppers: recent ones more likely.
      shopperIndex = shoppers.count - 1 - min(shoppers.count - 1, rng.index(min(shoppers.count, 40)))
    } else {
      shoppers.append(newShopper())
      shopperIndex = shoppers.count - 1
    }
    let length = rng.int(in: 3...12) + (rng.chance(30) ? rng.int(in: 0...40) : 0)
    return ShoppingSession(
      shopperIndex: shopperIndex, sessionId: clockMillis, eventsLeft: length, wifi: rng.chance(62),
      radio: DeviceCatalog.radios.draw(&rng))
  }

  private mutating func newShopper() -> Shopper {
    let platform: Platform = [.ios, .android, .web][Self.platforms.draw(&rng)]
    let device: MobileDevice
    let osVersion: String
    let deviceId: String
    switch platform {
    case .ios:
      device = DeviceCatalog.iPhones.draw(&rng)
      osVersion = DeviceCatalog.iOSVersions.draw(&rng)
      deviceId = rng.uuid().uppercased()
    case .android:
      device = DeviceCatalog.androidDevices.draw(&rng)
      osVersion = DeviceCatalog.androidVersions.draw(&rng)
      deviceId = rng.uuid()
    case .web:
      device = DeviceCatalog.iPhones.elements[0]
      osVersion = ""
      // Mixpanel's JavaScript library builds its id from time, random, user-agent and screen
      // hashes; the first and last parts are the same.
      let time = String(clockMillis, radix: 16)
      deviceId = "\(time)-\(rng.hex(15))-\(rng.hex(8))-\(rng.hex(6))-\(time)"
    }
    let (version, build) = CommerceCatalog.appVersions.draw(&rng)
    let first = rng.pick(CommerceCatalog.firstNames)
    let last = rng.pick(CommerceCatalog.lastNames)
    let email =
      "\(first.lowercased()).\(last.lowercased())\(rng.int(in: 1...99))@"
      + CommerceCatalog.emailDomains.draw(&rng)
    return Shopper(
      platform: platform, device: device, browser: DeviceCatalog.browsers.draw(&rng), osVersion: osVersion,
      appVersion: version, appBuild: build, locale: DeviceCatalog.locales.draw(&rng),
      carrier: DeviceCatalog.carriers.draw(&rng), deviceId: deviceId, anonymousId: rng.uuid(),
      userId: rng.chance(30) ? "u_\(rng.int(in: 100_000...9_999_999))" : nil, firstName: first, lastName: last,
      email: email, initialReferrer: DeviceCatalog.referrers.draw(&rng))
  }
}
