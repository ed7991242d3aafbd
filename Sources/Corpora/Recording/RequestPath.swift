/// The path of a request target as it may be stored, logged or reported: no query string or
/// fragment (API keys travel there), no scheme, user info or host of an absolute-form target
/// (`http://user:SECRET@host/p`, RFC 9112 §3.2.2) or of a target that starts `//` (a URL parser
/// reads `//user:SECRET@host/p` as an authority too), and no `;name=value` path parameters
/// (`;jsessionid=...`). The server's log and recording index and a HAR corpus's notes all use it.
public enum RequestPath {
  public static func sanitized<S: StringProtocol>(_ target: S) -> String {
    var rest = Substring(target)
    if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
    for scheme in ["http://", "https://", "//"] where rest.prefix(scheme.count).lowercased() == scheme {
      let authorityAndPath = rest.dropFirst(scheme.count)
      rest = authorityAndPath.firstIndex(of: "/").map { authorityAndPath[$0...] } ?? "/"
    }
    let segments = rest.split(separator: "/", omittingEmptySubsequences: false).map {
      $0.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
    let path = segments.joined(separator: "/")
    return path.isEmpty ? "/" : path
  }
}
