/// Devices, systems, browsers, carriers and locales as real app traffic shows them: a few
/// popular values carry most events (the lists are in popularity order and drawn Zipf-like).
enum Platform: Sendable {
  case ios, android, web
}

/// A phone or tablet: who makes it, its model identifier and the name people know it by, its
/// screen in points and its density in thousandths (2625 is 2.625).
struct MobileDevice: Sendable {
  var manufacturer, model, marketingName: String
  var width, height, densityMillis: Int

  init(_ row: CatalogRow) {
    (manufacturer, model, marketingName) = (row[0], row[1], row[2])
    (width, height, densityMillis) = (row.int(3), row.int(4), row.int(5))
  }
}

/// A desktop or mobile browser with the user agent it sends and a typical window size.
struct Browser: Sendable {
  var name, version, os, osVersion, userAgent: String
  var width, height: Int
  var mobile: Bool

  init(_ row: CatalogRow) {
    (name, version, os, osVersion) = (row[0], row[1], row[2], row[3])
    (width, height, mobile) = (row.int(4), row.int(5), row[6] == "mobile")
    userAgent = row[7]
  }
}

struct LocaleInfo: Sendable {
  var locale, timeZone, country, currency: String

  init(_ row: CatalogRow) {
    (locale, timeZone, country, currency) = (row[0], row[1], row[2], row[3])
  }
}

enum DeviceCatalog {
  static let iPhones = ZipfVocabulary(
    table: """
      Apple | iPhone15,2 | iPhone 14 Pro              | 393 | 852  | 3000
      Apple | iPhone14,5 | iPhone 13                  | 390 | 844  | 3000
      Apple | iPhone16,1 | iPhone 15 Pro              | 393 | 852  | 3000
      Apple | iPhone14,7 | iPhone 14                  | 390 | 844  | 3000
      Apple | iPhone12,1 | iPhone 11                  | 414 | 896  | 2000
      Apple | iPhone16,2 | iPhone 15 Pro Max          | 430 | 932  | 3000
      Apple | iPhone13,2 | iPhone 12                  | 390 | 844  | 3000
      Apple | iPhone14,6 | iPhone SE (3rd generation) | 375 | 667  | 2000
      Apple | iPad13,18  | iPad (10th generation)     | 820 | 1180 | 2000
      """, columns: 6, flatten: 1, MobileDevice.init)

  static let iOSVersions = ZipfVocabulary(["17.5.1", "17.4.1", "17.5", "16.7.8", "17.3.1", "16.6.1", "15.8.2"])

  static let androidDevices = ZipfVocabulary(
    table: """
      samsung  | SM-S911B    | Galaxy S23     | 360 | 780 | 3000
      samsung  | SM-A546B    | Galaxy A54 5G  | 384 | 854 | 2813
      Google   | Pixel 7     | Pixel 7        | 412 | 915 | 2625
      Xiaomi   | 23049PCD8G  | Redmi Note 12S | 393 | 873 | 2750
      samsung  | SM-G991B    | Galaxy S21 5G  | 360 | 800 | 3000
      Google   | Pixel 8 Pro | Pixel 8 Pro    | 448 | 998 | 3000
      OnePlus  | CPH2449     | OnePlus 11     | 412 | 919 | 3500
      motorola | moto g54 5G | moto g54 5G    | 400 | 888 | 2625
      """, columns: 6, flatten: 1, MobileDevice.init)

  static let androidVersions = ZipfVocabulary(["14", "13", "12", "11", "10"])

  /// Name, version, system and its version, window size, `mobile` or `desktop`, user agent.
  static let browsers = ZipfVocabulary(
    table: """
      Chrome           | 124.0.6367.208 | Windows  | 10      | 1920 | 1080 | desktop | Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36
      Mobile Safari    | 17.4.1         | iOS      | 17.4.1  | 390  | 844  | mobile  | Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1
      Chrome           | 124.0.6367.207 | Mac OS X | 10.15.7 | 1440 | 900  | desktop | Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36
      Chrome Mobile    | 124.0.6367.179 | Android  | 10      | 412  | 915  | mobile  | Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36
      Safari           | 17.4.1         | Mac OS X | 10.15.7 | 1512 | 982  | desktop | Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15
      Microsoft Edge   | 124.0.2478.97  | Windows  | 10      | 1536 | 864  | desktop | Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0
      Firefox          | 126.0          | Windows  | 10      | 1920 | 1080 | desktop | Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0
      Chrome           | 123.0.6312.122 | Linux    | x86_64  | 2560 | 1440 | desktop | Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36
      Samsung Internet | 25.0           | Android  | 14      | 360  | 780  | mobile  | Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36
      """, columns: 8, flatten: 1, Browser.init)

  static let carriers = ZipfVocabulary(
    [
      "T-Mobile", "Verizon", "AT&T", "Vodafone", "Telekom.de", "Orange F", "EE", "O2 - UK", "Jio 4G", "Movistar",
      "Rogers", "Telstra", "SoftBank", "Claro BR",
    ])

  static let radios = ZipfVocabulary(["LTE", "5G", "HSDPA", "None"])

  static let locales = ZipfVocabulary(
    table: """
      en-US | America/New_York    | US | USD
      en-US | America/Los_Angeles | US | USD
      en-US | America/Chicago     | US | USD
      en-GB | Europe/London       | GB | GBP
      de-DE | Europe/Berlin       | DE | EUR
      pt-BR | America/Sao_Paulo   | BR | BRL
      fr-FR | Europe/Paris        | FR | EUR
      en-IN | Asia/Kolkata        | IN | INR
      es-MX | America/Mexico_City | MX | MXN
      en-CA | America/Toronto     | CA | CAD
      ja-JP | Asia/Tokyo          | JP | JPY
      es-ES | Europe/Madrid       | ES | EUR
      en-AU | Australia/Sydney    | AU | AUD
      nl-NL | Europe/Amsterdam    | NL | EUR
      it-IT | Europe/Rome         | IT | EUR
      ko-KR | Asia/Seoul          | KR | KRW
      """, columns: 4, flatten: 2, LocaleInfo.init)

  /// Where web visitors came from; `$direct` is Mixpanel's word for no referrer.
  static let referrers = ZipfVocabulary(
    [
      "$direct", "https://www.google.com/", "https://www.facebook.com/", "https://www.instagram.com/",
      "https://t.co/", "https://www.bing.com/", "https://duckduckgo.com/", "https://www.reddit.com/",
      "https://mail.google.com/", "https://www.pinterest.com/", "https://news.ycombinator.com/",
    ])
}
