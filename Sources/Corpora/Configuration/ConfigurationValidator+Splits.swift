/// Split rules: sizes of at least 1, only splits the kind can do, no duplicates, and the
/// service's own batch limit where it documents one.
extension ConfigurationValidator {
  /// The splits used when a corpus names none: an SDK-sized batch for events, whole otherwise.
  static func defaultSplits(for kind: CorpusKind) -> [PayloadSplitRequest] {
    kind == .jsonEvents ? [.events(50)] : [.whole]
  }

  mutating func validateSplits(_ raw: RawCorpus, kind: CorpusKind, profile source: CorpusSource?, label: String)
    -> [PayloadSplit]?
  {
    var requests: [PayloadSplitRequest] = []
    var valid = true
    if raw.split != nil && raw.batch != nil {
      appendProblem(corpus: label, "give either \"split\" or \"batch\", not both")
      return nil
    }
    if let batch = raw.batch {
      requests = batch.map { .events($0) }
    } else if let split = raw.split {
      for entry in split {
        switch entry {
        case .valid(let request): requests.append(request)
        case .invalid(let message):
          appendProblem(corpus: label, message)
          valid = false
        }
      }
    } else {
      requests = Self.defaultSplits(for: kind)
    }
    if requests.isEmpty && valid {
      appendProblem(corpus: label, "the split list is empty; give at least one split such as \"whole\"")
      return nil
    }
    var splits: [PayloadSplit] = []
    for request in requests {
      guard let split = check(request, kind: kind, source: source, label: label) else {
        valid = false
        continue
      }
      if splits.contains(split) {
        appendProblem(corpus: label, "split \(split) is listed more than once")
        valid = false
      } else {
        splits.append(split)
      }
    }
    return valid ? splits : nil
  }

  private mutating func check(_ request: PayloadSplitRequest, kind: CorpusKind, source: CorpusSource?, label: String)
    -> PayloadSplit?
  {
    let split: PayloadSplit
    let size: Int
    switch request {
    case .whole: return .whole
    case .bytes(let value):
      (split, size) = (.bytes(value), value)
    case .events(let value):
      (split, size) = (.events(value), value)
      guard kind == .jsonEvents || kind == .har else {
        appendProblem(corpus: label, "split \(split) needs kind \"json-events\" or \"har\"; use lines, bytes or whole")
        return nil
      }
    case .lines(let value):
      (split, size) = (.lines(value), value)
      guard kind != .binary else {
        appendProblem(corpus: label, "split \(split) does not apply to binary data; use bytes or whole")
        return nil
      }
    }
    guard size >= 1 else {
      appendProblem(corpus: label, "split \(split): the size must be at least 1")
      return nil
    }
    if case .events(let count) = split, case .jsonEvents(let profile, _) = source,
      let limit = profile.maximumBatchEvents, count > limit
    {
      appendProblem(
        corpus: label, "split \(split) exceeds the \(profile.rawValue) limit of \(limit) events per request")
      return nil
    }
    return split
  }

  private mutating func appendProblem(corpus: String, _ message: String) {
    record(.invalidParameter(corpus: corpus, message: message))
  }
}
