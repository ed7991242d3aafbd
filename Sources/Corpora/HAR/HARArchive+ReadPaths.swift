extension HARArchive {
  /// Whether a key repeated at `path` (see `JSONSyntaxChecker.DuplicateKeys`) is one this reader
  /// decodes: a repeat there leaves the body or URL ambiguous (decoders keep different copies),
  /// so the file is refused. A repeat anywhere else (a response, a browser's `_initiator`, a
  /// cookie) is never read, and a HAR exporter's quirk there must not cost the whole file.
  static func readsDuplicate(at path: [String]) -> Bool {
    let read: [[String]] = [
      ["log"], ["log", "entries"], ["log", "entries", "[]", "request"],
      ["log", "entries", "[]", "request", "method"], ["log", "entries", "[]", "request", "url"],
      ["log", "entries", "[]", "request", "headers"], ["log", "entries", "[]", "request", "postData"],
      ["log", "entries", "[]", "request", "headers", "[]", "name"],
      ["log", "entries", "[]", "request", "headers", "[]", "value"],
      ["log", "entries", "[]", "request", "postData", "mimeType"],
      ["log", "entries", "[]", "request", "postData", "text"],
      ["log", "entries", "[]", "request", "postData", "encoding"],
    ]
    return read.contains(path)
  }
}
