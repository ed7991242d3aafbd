import Foundation

/// The request bodies of a HAR file that a `har` corpus measures, in file order, and what the
/// report says about where they came from: counts per endpoint (method, host and path; never a
/// query string or a header value, where tokens and cookies live), requests without a body, and
/// bodies that arrived compressed and were decoded first.
struct HARRequests {
  struct Body {
    var bytes: [UInt8]
    var fileExtension: String
  }

  var bodies: [Body] = []
  var notes: [String] = []

  /// Reads `path` and keeps the requests whose URL matches `url` (a glob with `*`, `?` or
  /// `[...]` against the whole URL, otherwise a substring) and whose method is `method`.
  static func read(path: String, url filter: String?, method: String?, corpus: String) throws(CorpusError)
    -> HARRequests
  {
    let document = try HARReader.document(ofFile: path)
    var requests = HARRequests()
    var endpoints: [String: Int] = [:]
    var bodiless: [String: Int] = [:]
    var codings: [String: Int] = [:]
    var filteredOut = 0
    var storedDecoded = 0
    var rebuiltForms: [String: Int] = [:]
    var remaining = HARRequestBody.limits.maxDecodedBytes
    for index in 0..<document.count {
      guard let request = try document.entry(index).request else {
        throw .invalidHAR(path: path, entry: index, message: "has no \"request\" object")
      }
      let requestMethod = (request.method ?? "").uppercased()
      let url = request.url ?? ""
      if let method, requestMethod != method.uppercased() {
        filteredOut += 1
        continue
      }
      if let filter, !matches(url, filter) {
        filteredOut += 1
        continue
      }
      guard let body = try HARRequestBody.extract(request, index: index, path: path, maxDecodedBytes: remaining)
      else {
        bodiless[requestMethod.isEmpty ? "(no method)" : requestMethod, default: 0] += 1
        continue
      }
      endpoints[requestMethod + " " + endpoint(url), default: 0] += 1
      remaining -= body.bytes.count
      if !body.codings.isEmpty { codings[body.codings.joined(separator: ", "), default: 0] += 1 }
      if body.storedDecoded { storedDecoded += 1 }
      if let form = body.rebuiltForm { rebuiltForms[form.rawValue, default: 0] += 1 }
      requests.bodies.append(
        Body(bytes: body.bytes, fileExtension: MediaTypeExtension.forType(request.postData?.mimeType)))
    }
    guard !requests.bodies.isEmpty else {
      if filter != nil || method != nil {
        throw .invalidParameter(
          corpus: corpus,
          message: "no request with a body in \(path) matches"
            + [filter.map { " url \"\($0)\"" }, method.map { " method \($0.uppercased())" }].compactMap { $0 }.joined(
              separator: " and"))
      }
      throw .invalidHAR(
        path: path, entry: nil,
        message: "has no request with a body (\(document.count) entries, \(bodiless.values.reduce(0, +)) without one)")
    }
    requests.notes.append("bodies per endpoint: " + counted(endpoints))
    if !bodiless.isEmpty {
      requests.notes.append(
        "requests without a body, not measured: \(bodiless.values.reduce(0, +)) (" + counted(bodiless) + ")")
    }
    if !codings.isEmpty {
      requests.notes.append("Content-Encoding undone before measuring: " + counted(codings))
    }
    if storedDecoded > 0 {
      requests.notes.append(
        "\(storedDecoded) bodies were stored decoded under a Content-Encoding header (as mitmproxy and browsers "
          + "export them) and were measured as stored")
    }
    if !rebuiltForms.isEmpty {
      requests.notes.append(
        "form bodies rebuilt from postData.params (the HAR holds the fields, not the bytes sent; "
          + "percent-encoding or boundary may differ): " + counted(rebuiltForms))
    }
    if filteredOut > 0 { requests.notes.append("\(filteredOut) requests left out by the url or method filter") }
    return requests
  }

  /// `name 3, other 1`: the largest count first, then by name.
  static func counted(_ counts: [String: Int]) -> String {
    counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  }

  static func matches(_ url: String, _ filter: String) -> Bool {
    filter.contains(where: { "*?[".contains($0) }) ? GlobPattern(filter).matches(url) : url.contains(filter)
  }

  /// `api.example.com/v1/batch`: host, port and path of a URL, without user, query, fragment or
  /// `;` path parameters (`;jsessionid=...`).
  static func endpoint(_ url: String) -> String {
    if let components = URLComponents(string: url), let host = components.host {
      let port = components.port.map { ":\($0)" } ?? ""
      return host + port + RequestPath.sanitized(components.path)
    }
    // Whatever does not parse is not echoed: it may hold credentials (`user:token@host`).
    return url.isEmpty ? "(no url)" : "(unparsed url)"
  }
}
