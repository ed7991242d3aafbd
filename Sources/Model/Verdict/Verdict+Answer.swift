import DeflateBenchResults

extension Verdict {
  /// One answer per payload set (results.json's `answer`, report.md's `## Answer`, the console's
  /// last lines): the decision and setting of the reference link and device (`referenceLink`,
  /// `referenceDevice`), that setting's saving on every link, how far zlib 6 is from it, and for
  /// a generator measured at several batch sizes, the time per event of each.
  public static func answers(
    _ document: ResultsDocument, cells: [SummarizedCell], parameters: ModelParameters
  ) -> [PayloadAnswer] {
    guard let link = referenceLink(parameters), let device = referenceDevice(parameters) else { return [] }
    var answers = PayloadSetCells.grouped(cells, corpora: document.corpora).compactMap { set in
      answer(set, corpora: document.corpora, link: link, device: device, parameters: parameters)
    }
    BatchComparison.add(to: &answers)
    for index in answers.indices { answers[index].line = VerdictText.answerLine(answers[index], device: device) }
    return answers
  }

  /// LTE when the run models it (a phone's usual link), else the middle link of the run.
  public static func referenceLink(_ parameters: ModelParameters) -> LinkPreset? {
    parameters.links.first { $0.name == LinkPreset.lte.name }
      ?? parameters.links.dropFirst(parameters.links.count / 2).first
  }

  /// The iPhone-class phone when the run models it, else the first device.
  public static func referenceDevice(_ parameters: ModelParameters) -> DeviceClass? {
    parameters.devices.first { $0.name == DeviceClass.phoneHigh.name } ?? parameters.devices.first
  }

  private static func answer(
    _ set: PayloadSetCells, corpora: [CorpusRecord], link: LinkPreset, device: DeviceClass,
    parameters: ModelParameters
  ) -> PayloadAnswer? {
    guard case let (usable, _, bodies)? = modelled(set, corpora) else { return nil }
    let choice = { (link: LinkPreset, device: DeviceClass) in
      Choice(usable, bodies: bodies, link: link, device: device, parameters: parameters)
    }
    let reference = choice(link, device)
    // The setting the line speaks of: the one to ship, or, with nothing to ship, the one the
    // objective ranks first (the fastest with the time objective).
    let shipped = reference.decision == .compress ? reference.best : reference.leading
    let sizes = bodies.sorted()
    var answer = PayloadAnswer(
      corpus: set.corpus, split: set.split, decision: reference.decision.rawValue, referenceLink: link.name,
      referenceDevice: device.name, bodyP50Bytes: Quantile.value(0.5, ofSorted: sizes) ?? 0,
      bodyP95Bytes: Quantile.value(0.95, ofSorted: sizes) ?? 0, links: [], line: "")
    answer.generator = corpora.first { $0.name == set.corpus && $0.split == set.split }?.generator
    answer.objective = reference.objective.kind.rawValue
    answer.objectiveNote = reference.objective.note
    answer.zlib6Beaten = reference.zlib6Beaten
    if reference.decision == .compress, let shipped {
      describe(shipped, in: reference, into: &answer)
    }
    answer.links = parameters.links.map { other in
      let here = choice(other, device)
      // The same setting on every link and device; with nothing to ship, each link's first.
      let setting = { (choice: Choice) -> Timed? in
        guard reference.decision == .compress, let shipped else { return choice.leading }
        return choice.timed.first { $0.candidate.cell.key == shipped.candidate.cell.key }
      }
      let savings = parameters.devices.map { device -> Double in
        let there = device.name == here.device.name ? here : choice(other, device)
        return (there.identity.mean - (setting(there)?.estimate.mean ?? there.identity.mean)) * 1000
      }
      let best = setting(here)
      let identityMs = here.identity.mean * 1000
      let bestMs = best.map { $0.estimate.mean * 1000 }
      var linkAnswer = LinkAnswer(
        link: other.name, decision: here.decision.rawValue, identityMs: identityMs, bestMs: bestMs,
        savingMs: identityMs - (bestMs ?? identityMs), minSavingMs: savings.min() ?? 0, maxSavingMs: savings.max() ?? 0)
      if here.decision == .compress { linkAnswer.ownPick = here.best?.candidate.setting }
      linkAnswer.energy = energy(
        best: best?.candidate, zlib6: here.zlib6?.candidate, bodies: bodies, link: other, device: device,
        parameters: parameters)
      return linkAnswer
    }
    return answer
  }

  /// The shipped setting of a `compress` answer: its name, its bytes, and how far the gzip pick
  /// and zlib 6 are from it in time (and, decided on energy, in energy).
  private static func describe(_ shipped: Timed, in reference: Choice, into answer: inout PayloadAnswer) {
    let cell = shipped.candidate.cell
    let onEnergy = reference.objective.kind == .energy
    let gap = { (other: Timed) in
      (
        ms: (other.estimate.mean - shipped.estimate.mean) * 1000,
        mj: onEnergy ? (other.weighed.mean - shipped.weighed.mean) * 1000 : nil
      )
    }
    answer.backend = cell.backend
    answer.level = cell.level
    answer.container = cell.container
    answer.dictionary = cell.dictionary?.name
    answer.wireBytesPerRequest = Double(cell.outputBytes) / Double(cell.payloads)
    if let gzip = reference.gzip {
      answer.gzipBackend = gzip.candidate.cell.backend
      answer.gzipLevel = gzip.candidate.cell.level
      if gzip.candidate.cell.key != cell.key { (answer.gzipGapMs, answer.gzipGapMj) = gap(gzip) }
    }
    if let zlib6 = reference.zlib6 {
      (answer.zlib6GapMs, answer.zlib6GapMj) = gap(zlib6)
      answer.zlib6WireBytesPerRequest =
        Double(zlib6.candidate.cell.outputBytes) / Double(zlib6.candidate.cell.payloads)
    }
  }
}
