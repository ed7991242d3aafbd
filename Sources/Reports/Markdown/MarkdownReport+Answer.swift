import DeflateBenchModel
import DeflateBenchResults

extension MarkdownReport {
  /// `## Answer`: one line per payload set (results.json's `answer`), then one line naming the
  /// reference link and device and the rule, so the section stays short enough to read first.
  static func answerSection(_ document: ResultsDocument) -> String? {
    guard let answers = document.answer, !answers.isEmpty, let model = document.model,
      let first = answers.first
    else { return nil }
    let lines = answers.map { "- " + MarkdownText.plain($0.line) }
    let kind = model.isCold ? "cold" : "warm"
    let compressor = model.reusesCompressor ? "a reused compressor" : "a new compressor per request"
    let device =
      model.devices.first { $0.name == first.referenceDevice }.map(DeviceText.factor)
      ?? first.referenceDevice
    let weighed =
      model.verdictObjective == .energy
      ? "decided on energy: the phone's modelled energy per request in session (docs/energy.md)"
      : "decided on time (--objective time)"
    return "## Answer\n\n" + lines.joined(separator: "\n") + "\n\n"
      + "Modelled per request (mean over the bodies, \(kind) connection, \(compressor)), \(weighed); decision and "
      + "setting for \(VerdictText.linkName(first.referenceLink)) from \(device), decided beyond "
      + "the totals' intervals (from each speed's 95 % interval around its headline, the fastest sample; docs/verdict.md). "
      + "An isolated upload wakes the radio and pays its tail, which no setting changes. "
      + "The full verdict for every link and device is below.\n"
  }

  /// Time and energy per event by batch size: the payload sets of one generator cut into
  /// `events=N` batches, side by side, per link (on the answers' reference device; the energy
  /// of isolated requests, each paying the radio's wake-up and tail), and the batch charts
  /// (`plots/time-per-event-batch-*.png`, drawn from results.json's `charts.batch`) when drawn.
  static func batchingSection(_ document: ResultsDocument, plots: [String] = []) -> String? {
    guard let answers = document.answer, let model = document.model else { return nil }
    let perEvent = answers.filter { $0.links.first?.msPerEvent != nil }
    // One generator's sets side by side, smallest batch first, whatever corpus names they carry.
    let grouped = perEvent.filter { answer in perEvent.filter { $0.batchGroup == answer.batchGroup }.count > 1 }
    let groupOrder = grouped.map(\.batchGroup).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    let batched = grouped.sorted { a, b in
      let (groupA, groupB) = (groupOrder.firstIndex(of: a.batchGroup)!, groupOrder.firstIndex(of: b.batchGroup)!)
      if groupA != groupB { return groupA < groupB }
      return (a.links.first?.eventsPerRequest ?? 0) < (b.links.first?.eventsPerRequest ?? 0)
    }
    guard !batched.isEmpty, let device = batched.first?.referenceDevice else { return nil }
    let perLink = { (link: LinkPreset) in batched.map { answer in answer.links.first { $0.link == link.name } } }
    // Energy columns for the links whose radio is modelled, after the time columns.
    let energyLinks = model.links.filter { link in perLink(link).contains { $0?.mjPerEvent != nil } }
    var table = MarkdownTable(
      text: ["Payload set", "Answer"],
      numbers: ["Events / request"] + model.links.map { "\(VerdictText.linkName($0.name)) ms / event" }
        + energyLinks.map { "\(VerdictText.linkName($0.name)) energy / event" })
    for answer in batched {
      let entry = { (link: LinkPreset) in answer.links.first { $0.link == link.name } }
      table.append(
        [
          MarkdownText.plain(answer.payloadSetLabel), answer.decision.replacingOccurrences(of: "_", with: " "),
          answer.links.first?.eventsPerRequest.map(String.init) ?? "—",
        ]
          + model.links.map { entry($0)?.msPerEvent.map(NumberText.milliseconds) ?? "—" }
          + energyLinks.map { entry($0)?.mjPerEvent.map { NumberText.energy(millijoules: $0) } ?? "—" })
    }
    let energy =
      energyLinks.isEmpty
      ? ""
      : " Energy per event: the phone's radio and CPU for an isolated request (one radio wake-up and tail per "
        + "request, which batching shares among the events; docs/energy.md)."
    return "### Time per event by batch size\n\n"
      + "Batching is often the bigger lever: one request per event pays the round trips, and on a phone the "
      + "radio's wake-up and tail, for every event. "
      + "Modelled milliseconds per event from \(device), with each set's answer.\(energy)\n\n" + table.render() + "\n"
      + plots.filter { $0.hasSuffix(".png") && $0.contains("time-per-event-batch-") }.map {
        "\n" + plotImage($0, plots: plots) + "\n"
      }.joined()
  }
}
