/// Devices, systems, browsers, carriers and locales as real app traffic shows them: a few
/// popular values carry most events (the lists are in popularity order and drawn Zipf-like).
enum Platform: Sendable {
  case ios, android, web
}

struct MobileDevice: Sendable {
  var manufacturer: String
  var model: String
  var marketingName: String
  var width: Int
  var height: Int
  /// Screen density in thousandths (2625 is 2.625).
  var densityMillis: Int
}

struct Browser: Sendable {
  var name: String
  var version: String
  var os: String
  var osVersion: String
  var userAgent: String
  var width: Int
  var height: Int
  var mobile: Bool
}

struct LocaleInfo: Sendable {
  var locale: String
  var timeZone: String
  var country: String
  var currency: String
}

enum DeviceCatalog {
  static let iPhones = ZipfVocabulary(
    [
      MobileDevice(
        manufacturer: "Apple", model: "iPhone15,2", marketingName: "iPhone 14 Pro", width: 393, height: 852,
        densityMillis: 3000),
      MobileDevice(
        manufacturer: "Apple", model: "iPhone14,5", marketingName: "iPhone 13", width: 390, height: 844,
        densityMillis: 3000),
      MobileDevice(
        manufacturer: "Apple", model: "iPhone16,1", marketingName: "iPhone 15 Pro", width: 393, height: 852,
        densityMillis: 3000),
      MobileDevice(
        manufacturer: "Apple", model: "iPhone14,7", marketingName: "iPhone 14", width: 390, height: 844,
        densityMillis: 3000),
      MobileDevice(
        manufacturer: "Apple", model: "iPhone12,1", marketingName: "iPhone 11", width: 414, height: 896,
        densityMillis: 2000),
      MobileDevice(
        manufacturer: "Apple", model: "iPhone16,2", marketingName: "iPhone 15 Pro Max", width: 430, height: 932,
        densityMillis: 3000),
      MobileDevice(
        manufacturer: "Apple", model: "iPhone13,2", marketingName: "iPhone 12", width: 390, height: 844,
        densityMillis: 3000),
      MobileDevice(
        manufacturer: "Apple", model: "iPhone14,6", marketingName: "iPhone SE (3rd generation)", width: 375,
        height: 667, densityMillis: 2000),
      MobileDevice(
        manufacturer: "Apple", model: "iPad13,18", marketingName: "iPad (10th generation)", width: 820, height: 1180,
        densityMillis: 2000),
    ], flatten: 1)

  static let iOSVersions = ZipfVocabulary(["17.5.1", "17.4.1", "17.5", "16.7.8", "17.3.1", "16.6.1", "15.8.2"])

  static let androidDevices = ZipfVocabulary(
    [
      MobileDevice(
        manufacturer: "samsung", model: "SM-S911B", marketingName: "Galaxy S23", width: 360, height: 780,
        densityMillis: 3000),
      MobileDevice(
        manufacturer: "samsung", model: "SM-A546B", marketingName: "Galaxy A54 5G", width: 384, height: 854,
        densityMillis: 2813),
      MobileDevice(
        manufacturer: "Google", model: "Pixel 7", marketingName: "Pixel 7", width: 412, height: 915,
        densityMillis: 2625),
      MobileDevice(
        manufacturer: "Xiaomi", model: "23049PCD8G", marketingName: "Redmi Note 12S", width: 393, height: 873,
        densityMillis: 2750),
      MobileDevice(
        manufacturer: "samsung", model: "SM-G991B", marketingName: "Galaxy S21 5G", width: 360, height: 800,
        densityMillis: 3000),
      MobileDevice(
        manufacturer: "Google", model: "Pixel 8 Pro", marketingName: "Pixel 8 Pro", width: 448, height: 998,
        densityMillis: 3000),
      MobileDevice(
        manufacturer: "OnePlus", model: "CPH2449", marketingName: "OnePlus 11", width: 412, height: 919,
        densityMillis: 3500),
      MobileDevice(
        manufacturer: "motorola", model: "moto g54 5G", marketingName: "moto g54 5G", width: 400, height: 888,
        densityMillis: 2625),
    ], flatten: 1)

  static let androidVersions = ZipfVocabulary(["14", "13", "12", "11", "10"])

  static let browsers = ZipfVocabulary(
    [
      Browser(
        name: "Chrome", version: "124.0.6367.208", os: "Windows", osVersion: "10",
        userAgent:
          "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
        width: 1920, height: 1080, mobile: false),
      Browser(
        name: "Mobile Safari", version: "17.4.1", os: "iOS", osVersion: "17.4.1",
        userAgent:
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1",
        width: 390, height: 844, mobile: true),
      Browser(
        name: "Chrome", version: "124.0.6367.207", os: "Mac OS X", osVersion: "10.15.7",
        userAgent:
          "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
        width: 1440, height: 900, mobile: false),
      Browser(
        name: "Chrome Mobile", version: "124.0.6367.179", os: "Android", osVersion: "10",
        userAgent:
          "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
        width: 412, height: 915, mobile: true),
      Browser(
        name: "Safari", version: "17.4.1", os: "Mac OS X", osVersion: "10.15.7",
        userAgent:
          "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
        width: 1512, height: 982, mobile: false),
      Browser(
        name: "Microsoft Edge", version: "124.0.2478.97", os: "Windows", osVersion: "10",
        userAgent:
          "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0",
        width: 1536, height: 864, mobile: false),
      Browser(
        name: "Firefox", version: "126.0", os: "Windows", osVersion: "10",
        userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0",
        width: 1920, height: 1080, mobile: false),
      Browser(
        name: "Chrome", version: "123.0.6312.122", os: "Linux", osVersion: "x86_64",
        userAgent:
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36",
        width: 2560, height: 1440, mobile: false),
      Browser(
        name: "Samsung Internet", version: "25.0", os: "Android", osVersion: "14",
        userAgent:
          "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
        width: 360, height: 780, mobile: true),
    ], flatten: 1)

  static let carriers = ZipfVocabulary(
    [
      "T-Mobile", "Verizon", "AT&T", "Vodafone", "Telekom.de", "Orange F", "EE", "O2 - UK", "Jio 4G", "Movistar",
      "Rogers", "Telstra", "SoftBank", "Claro BR",
    ])

  static let radios = ZipfVocabulary(["LTE", "5G", "HSDPA", "None"])

  static let locales = ZipfVocabulary(
    [
      LocaleInfo(locale: "en-US", timeZone: "America/New_York", country: "US", currency: "USD"),
      LocaleInfo(locale: "en-US", timeZone: "America/Los_Angeles", country: "US", currency: "USD"),
      LocaleInfo(locale: "en-US", timeZone: "America/Chicago", country: "US", currency: "USD"),
      LocaleInfo(locale: "en-GB", timeZone: "Europe/London", country: "GB", currency: "GBP"),
      LocaleInfo(locale: "de-DE", timeZone: "Europe/Berlin", country: "DE", currency: "EUR"),
      LocaleInfo(locale: "pt-BR", timeZone: "America/Sao_Paulo", country: "BR", currency: "BRL"),
      LocaleInfo(locale: "fr-FR", timeZone: "Europe/Paris", country: "FR", currency: "EUR"),
      LocaleInfo(locale: "en-IN", timeZone: "Asia/Kolkata", country: "IN", currency: "INR"),
      LocaleInfo(locale: "es-MX", timeZone: "America/Mexico_City", country: "MX", currency: "MXN"),
      LocaleInfo(locale: "en-CA", timeZone: "America/Toronto", country: "CA", currency: "CAD"),
      LocaleInfo(locale: "ja-JP", timeZone: "Asia/Tokyo", country: "JP", currency: "JPY"),
      LocaleInfo(locale: "es-ES", timeZone: "Europe/Madrid", country: "ES", currency: "EUR"),
      LocaleInfo(locale: "en-AU", timeZone: "Australia/Sydney", country: "AU", currency: "AUD"),
      LocaleInfo(locale: "nl-NL", timeZone: "Europe/Amsterdam", country: "NL", currency: "EUR"),
      LocaleInfo(locale: "it-IT", timeZone: "Europe/Rome", country: "IT", currency: "EUR"),
      LocaleInfo(locale: "ko-KR", timeZone: "Asia/Seoul", country: "KR", currency: "KRW"),
    ], flatten: 2)

  /// Where web visitors came from; `$direct` is Mixpanel's word for no referrer.
  static let referrers = ZipfVocabulary(
    [
      "$direct", "https://www.google.com/", "https://www.facebook.com/", "https://www.instagram.com/",
      "https://t.co/", "https://www.bing.com/", "https://duckduckgo.com/", "https://www.reddit.com/",
      "https://mail.google.com/", "https://www.pinterest.com/", "https://news.ycombinator.com/",
    ])
}
