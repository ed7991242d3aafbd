import DeflateBenchCodecs
import Foundation

/// A HAR file as Chrome DevTools exports it ("Save all as HAR with content"): pages, timings,
/// responses with content, cookies and credentials in headers, requests with and without
/// bodies. Its bodies are text (JSON, NDJSON, UTF-8 with accents), base64 (binary) and one
/// gzip-encoded body stored base64, as Charles and mitmproxy write compressed bodies. That body
/// is compressed in-process by the zlib backend, so the fixture needs no outside program; the
/// HAR tests that also judge it with the system `gzip` say so themselves.
public struct HARFixture: Sendable {
  /// The HAR file's bytes.
  public let bytes: [UInt8]
  /// The request bodies a corpus must produce, in file order, decoded.
  public let bodies: [[UInt8]]
  /// Header, cookie and query values that must never appear in any output.
  public let secrets: [String]

  public static let secretValues = [
    "sid=SECRET-COOKIE-7f3a", "Bearer SECRET-TOKEN-91c2", "SECRET-APIKEY-55d0", "SECRET-XAPIKEY-d1e8",
  ]

  /// The JSON body of entry 0: a Mixpanel-style batch.
  public static let eventBatch = Array(
    #"[{"event":"page_view","properties":{"distinct_id":"u-1","time":1733000000,"$current_url":"https://shop.example.com/p/42"}},{"event":"add_to_cart","properties":{"distinct_id":"u-1","sku":"SKU-42","price":19.99}}]"#
      .utf8)
  /// An NDJSON body of three lines (entry 5), for the `lines` split.
  public static let ndjson = Array("{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n".utf8)
  /// UTF-8 text beyond ASCII (entry 6): accents, CJK and an emoji.
  public static let unicodeText = Array("Grüße aus Köln: 東京 ☕️ 🚀\n".utf8)
  /// Bytes that are not UTF-8 (entry 3), so they survive only as base64.
  public static let binary: [UInt8] = (0..<300).map { UInt8(($0 * 73 + 11) % 256) }
  /// The body that went over the wire gzip-encoded (entry 4), decoded.
  public static let segmentBatch = Array(
    String(
      repeating: #"{"type":"track","event":"Order Completed","userId":"u-9","properties":{"total":42.5}},"#,
      count: 40
    ).utf8)

  /// The gzip stream the HAR carries for `segmentBatch` (entry 4), as zlib level 6 writes it.
  public static func gzipped() throws -> [UInt8] {
    try BackendRegistry.backend(named: "zlib").makeCompressor(level: 6, container: .gzip).compress(segmentBatch)
  }

  /// Builds the fixture.
  public static func make() throws -> HARFixture {
    let gzipped = try gzipped()
    let entries: [[String: Any]] = [
      entry(
        "POST", "https://api.example.com/track?api_key=SECRET-APIKEY-55d0",
        headers: [
          ("Content-Type", "application/json"), ("Cookie", "sid=SECRET-COOKIE-7f3a"),
          ("Authorization", "Bearer SECRET-TOKEN-91c2"),
        ],
        postData: ["mimeType": "application/json", "text": String(decoding: eventBatch, as: UTF8.self)]),
      entry("GET", "https://api.example.com/config", headers: [("Cookie", "sid=SECRET-COOKIE-7f3a")]),
      entry("OPTIONS", "https://api.example.com/track", headers: [("Access-Control-Request-Method", "POST")]),
      entry(
        "PUT", "https://upload.example.com/v1/blobs/7", headers: [("Content-Type", "application/octet-stream")],
        postData: [
          "mimeType": "application/octet-stream", "text": Data(binary).base64EncodedString(), "encoding": "base64",
        ]),
      entry(
        "POST", "https://api.example.com/v1/batch",
        headers: [
          ("Content-Type", "application/json"), ("Content-Encoding", "gzip"), ("X-Api-Key", "SECRET-XAPIKEY-d1e8"),
        ],
        postData: [
          "mimeType": "application/json", "text": Data(gzipped).base64EncodedString(), "encoding": "base64",
        ]),
      entry(
        "POST", "https://logs.example.com/ingest", headers: [("Content-Type", "application/x-ndjson")],
        postData: ["mimeType": "application/x-ndjson", "text": String(decoding: ndjson, as: UTF8.self)]),
      entry(
        "POST", "https://api.example.com/track", headers: [("Content-Type", "text/plain;charset=UTF-8")],
        postData: ["mimeType": "text/plain;charset=UTF-8", "text": String(decoding: unicodeText, as: UTF8.self)]),
    ]
    let document: [String: Any] = [
      "log": [
        "version": "1.2",
        "creator": ["name": "WebInspector", "version": "537.36"],
        "pages": [
          [
            "startedDateTime": "2026-11-30T12:00:00.000Z", "id": "page_1", "title": "https://shop.example.com/",
            "pageTimings": ["onContentLoad": 412.5, "onLoad": 903.1],
          ]
        ],
        "entries": entries,
      ]
    ]
    // DevTools writes two-space indented JSON, keys in its own order; sorted keys put "log" first too.
    let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    return HARFixture(
      bytes: [UInt8](data), bodies: [eventBatch, binary, segmentBatch, ndjson, unicodeText], secrets: secretValues)
  }

  private static func entry(
    _ method: String, _ url: String, headers: [(String, String)], postData: [String: Any]? = nil
  ) -> [String: Any] {
    var request: [String: Any] = [
      "method": method, "url": url, "httpVersion": "http/2.0",
      "headers": headers.map { ["name": $0.0, "value": $0.1] },
      "queryString": [], "cookies": [], "headersSize": -1,
      "bodySize": (postData?["text"] as? String)?.utf8.count ?? 0,
    ]
    if let postData { request["postData"] = postData }
    return [
      "_initiator": ["type": "script"], "_priority": "High", "_resourceType": "fetch", "cache": [:],
      "connection": "443", "pageref": "page_1", "startedDateTime": "2026-11-30T12:00:01.000Z", "time": 48.2,
      "request": request,
      "response": [
        "status": method == "OPTIONS" ? 204 : 200, "statusText": "", "httpVersion": "http/2.0",
        "headers": [["name": "set-cookie", "value": "sid=SECRET-COOKIE-7f3a; Path=/; HttpOnly"]],
        "cookies": [], "content": ["size": 15, "mimeType": "application/json", "text": "{\"status\":\"ok\"}"],
        "redirectURL": "", "headersSize": -1, "bodySize": -1, "_transferSize": 120,
      ],
      "serverIPAddress": "93.184.216.34",
      "timings": ["blocked": 1.2, "dns": -1, "ssl": -1, "connect": -1, "send": 0.1, "wait": 45.3, "receive": 1.6],
    ]
  }
}
