import Foundation

/// Runs a generated HTML page in the headless browser and reads back what its scripts did: the
/// verdict's data attributes, the error box, or the JSON a probe script computed inside the page.
public enum PageProbe {
  /// The page's DOM after it loaded with `fragment` (without `#`).
  public static func load(_ page: URL, fragment: String = "", windowSize: (Int, Int) = (1280, 800)) throws -> String {
    var components = URLComponents(url: page, resolvingAgainstBaseURL: false)!
    components.percentEncodedFragment = fragment.isEmpty ? nil : fragment
    return try HeadlessBrowser.dumpDOM(components.url!, windowSize: windowSize)
  }

  /// Appends `script` to the page (it runs after the page's own script, so it sees its functions
  /// and data), loads the copy and returns the text the script stored in `window.probeResult`
  /// (JSON.stringify'd), or the error it threw as `{"probeError": "..."}`.
  public static func evaluate(
    _ html: String, script: String, fragment: String = "", in folder: URL, name: String = "probe.html"
  ) throws -> String {
    let probe = """
      <pre id="probe-output"></pre>
      <script>
      (function () {
        let result;
        try { result = (function () { \(script) })(); } catch (e) { result = { probeError: String(e && e.stack || e) }; }
        document.getElementById("probe-output").textContent = JSON.stringify(result);
      })();
      </script>
      </body>
      """
    guard let end = html.range(of: "</body>", options: .backwards) else {
      throw HeadlessBrowser.BrowserError(message: "the page has no </body>")
    }
    let file = folder.appendingPathComponent(name)
    try html.replacingCharacters(in: end, with: probe).write(to: file, atomically: true, encoding: .utf8)
    let dom = try load(file, fragment: fragment)
    guard let text = element("probe-output", in: dom) else {
      throw HeadlessBrowser.BrowserError(message: "the probe wrote nothing; DOM tail: \(dom.suffix(400))")
    }
    return text
  }

  /// The text content of the element with this id in a dumped DOM (entities decoded), or nil.
  public static func element(_ id: String, in dom: String) -> String? {
    guard let start = dom.range(of: "id=\"\(id)\"") else { return nil }
    guard let open = dom[start.upperBound...].range(of: ">") else { return nil }
    let tagName = dom[..<start.lowerBound].split(separator: "<").last?.split(separator: " ").first ?? "div"
    guard let close = dom[open.upperBound...].range(of: "</\(tagName)>") else { return nil }
    return decodeEntities(String(dom[open.upperBound..<close.lowerBound]))
  }

  /// The value of `attribute` on the element with this id, or nil.
  public static func attribute(_ attribute: String, ofElement id: String, in dom: String) -> String? {
    guard let start = dom.range(of: "id=\"\(id)\"") else { return nil }
    let tagStart = dom[..<start.lowerBound].range(of: "<", options: .backwards)?.lowerBound ?? start.lowerBound
    guard let tagEnd = dom[start.upperBound...].range(of: ">") else { return nil }
    let tag = dom[tagStart..<tagEnd.lowerBound]
    guard let found = tag.range(of: " \(attribute)=\"") else { return nil }
    guard let quote = tag[found.upperBound...].range(of: "\"") else { return nil }
    return decodeEntities(String(tag[found.upperBound..<quote.lowerBound]))
  }

  static func decodeEntities(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
