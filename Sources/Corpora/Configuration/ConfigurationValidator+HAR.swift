/// A `har` corpus: a readable file, and filters that can match something. The file's content is
/// only read when payloads are made, so a large HAR is parsed once per split, not also here.
extension ConfigurationValidator {
  mutating func checkHAR(_ raw: RawCorpus, label: String, field: String) -> CorpusSource? {
    guard let path = raw.path else {
      record(.invalidValue(field: field + ".path", message: "is required for kind \"har\""))
      return nil
    }
    var valid = true
    if let url = raw.url, url.isEmpty {
      record(.invalidValue(field: field + ".url", message: "must not be empty; leave it out to take every URL"))
      valid = false
    }
    if let method = raw.method, method.isEmpty || !method.allSatisfy({ $0.isLetter }) {
      record(
        .invalidValue(field: field + ".method", message: "must be an HTTP method such as POST, found \"\(method)\""))
      valid = false
    }
    let resolved = FileSystem.resolve(path, relativeTo: base)
    guard case .file(let file) = checkFile(resolved, label: label), valid else { return nil }
    return .har(path: file, url: raw.url, method: raw.method?.uppercased())
  }
}
