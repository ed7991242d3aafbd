import DeflateBenchResults

/// Batching as an answer: a generator measured at several batch sizes (`events=1`, `events=10`,
/// `events=50` of one corpus, or `events=2000` of another corpus of the same generator) is
/// compared by the time and the energy one event takes, per link, with each set's answer (the
/// shipped setting when it compresses, the body sent as it is otherwise). The energy is an
/// isolated request's: each request wakes the radio and pays its tail, which is what batching
/// saves. Sets are grouped by `batchGroup`.
enum BatchComparison {
  /// `events=50` -> 50; nil for any other split.
  static func events(_ split: String) -> Int? {
    guard split.hasPrefix("events=") else { return nil }
    return Int(split.dropFirst("events=".count)).flatMap { $0 > 0 ? $0 : nil }
  }

  /// Fills each `events=N` answer's time and energy per event, and for the smallest batch of a
  /// corpus with several, the largest batch's per event on the reference link when it is lower
  /// in what the answer was decided on (time, or energy).
  static func add(to answers: inout [PayloadAnswer]) {
    for index in answers.indices {
      guard let events = events(answers[index].split) else { continue }
      let compress = answers[index].decision == VerdictDecision.compress.rawValue
      for link in answers[index].links.indices {
        let entry = answers[index].links[link]
        answers[index].links[link].eventsPerRequest = events
        answers[index].links[link].msPerEvent = ((compress ? entry.bestMs : nil) ?? entry.identityMs) / Double(events)
        answers[index].links[link].mjPerEvent = entry.energy.map { energy in
          ((compress ? energy.isolated.bestMj : nil) ?? energy.isolated.identityMj) / Double(events)
        }
      }
    }
    let groups = Set(answers.map(\.batchGroup))
    for group in groups {
      let batches = answers.indices.filter { answers[$0].batchGroup == group && events(answers[$0].split) != nil }
        .sorted { events(answers[$0].split)! < events(answers[$1].split)! }
      guard batches.count > 1, let smallest = batches.first, let largest = batches.last else { continue }
      let link = answers[smallest].referenceLink
      let onEnergy = answers[smallest].objective == VerdictObjective.energy.rawValue
      let weighed = { (answer: PayloadAnswer) in
        onEnergy ? linkAnswer(answer, link)?.mjPerEvent : linkAnswer(answer, link)?.msPerEvent
      }
      guard let alone = weighed(answers[smallest]), let batched = weighed(answers[largest]), batched < alone,
        let count = events(answers[largest].split), let ms = linkAnswer(answers[largest], link)?.msPerEvent
      else { continue }
      var hint = BatchHint(events: count, link: link, msPerEvent: ms)
      hint.mjPerEvent = linkAnswer(answers[largest], link)?.mjPerEvent
      answers[smallest].batchInstead = hint
    }
  }

  /// results.json's `charts.batch`: per generator measured at several batch sizes (named by its
  /// first corpus) and per link, each size's time and energy per event with its answer and sent
  /// uncompressed, smallest batch first.
  static func curves(_ answers: [PayloadAnswer], links: [LinkPreset]) -> [BatchCurve] {
    var groups: [(group: String, corpus: String)] = []
    for answer in answers
    where events(answer.split) != nil && !groups.contains(where: { $0.group == answer.batchGroup }) {
      groups.append((answer.batchGroup, answer.corpus))
    }
    return groups.flatMap { group, corpus -> [BatchCurve] in
      let batches = answers.compactMap { answer in
        events(answer.split).flatMap { answer.batchGroup == group ? (answer, $0) : nil }
      }.sorted { $0.1 < $1.1 }
      guard batches.count > 1 else { return [] }
      return links.compactMap { link in
        let points = batches.compactMap { answer, count -> BatchPoint? in
          guard let entry = answer.links.first(where: { $0.link == link.name }), let perEvent = entry.msPerEvent
          else { return nil }
          let ships = answer.decision == VerdictDecision.compress.rawValue
          let setting = CellText.setting(answer.backend, answer.container, answer.level).map {
            $0 + (answer.dictionary.map { " + \($0)" } ?? "")
          }
          var point = BatchPoint(
            split: answer.split, events: count, msPerEvent: perEvent,
            identityMsPerEvent: entry.identityMs / Double(count), setting: ships ? setting : nil)
          point.mjPerEvent = entry.mjPerEvent
          point.identityMjPerEvent = entry.energy.map { $0.isolated.identityMj / Double(count) }
          return point
        }
        guard points.count > 1 else { return nil }
        return BatchCurve(
          corpus: corpus, link: link.name, uplinkBitsPerSecond: link.uplinkBitsPerSecond,
          rttMs: link.rttMilliseconds, points: points)
      }
    }
  }

  static func linkAnswer(_ answer: PayloadAnswer, _ link: String) -> LinkAnswer? {
    answer.links.first { $0.link == link }
  }
}
