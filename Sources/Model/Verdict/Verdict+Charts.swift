import DeflateBenchResults
import Foundation

extension Verdict {
  /// results.json's `charts`: the curves the PNG charts draw and the Pareto membership they ring,
  /// computed here so the plotting scripts only draw (they hold no copy of the model or the
  /// rules). On the answers' reference device; nil when the model has no link or device.
  public static func charts(
    _ document: ResultsDocument, cells: [SummarizedCell], answers: [PayloadAnswer], parameters: ModelParameters
  ) -> ChartData? {
    guard let link = referenceLink(parameters), let device = referenceDevice(parameters) else { return nil }
    let uplink = PayloadSetCells.grouped(cells, corpora: document.corpora).compactMap { set in
      uplinkCurve(
        set, corpora: document.corpora, rttMilliseconds: link.rttMilliseconds, device: device,
        parameters: parameters)
    }
    return ChartData(
      device: device.name, pareto: ParetoFrontier.optimalKeys(cells).sorted(), uplink: uplink,
      batch: BatchComparison.curves(answers, links: parameters.links))
  }

  /// The rates the uplink curves are evaluated at: 100 kbit/s to 100 Mbit/s, 20 per decade.
  static let uplinkRates: [Double] = (0...60).map { 1e5 * pow(10, Double($0) / 20) }

  /// zlib 6 and every setting the verdict picks (best and gzip) on some link of the run, each
  /// with its saving along `uplinkRates` at the reference link's round trip and at each link.
  static func uplinkCurve(
    _ set: PayloadSetCells, corpora: [CorpusRecord], rttMilliseconds: Double, device: DeviceClass,
    parameters: ModelParameters
  ) -> UplinkCurve? {
    guard case let (usable, sample, bodies)? = modelled(set, corpora) else { return nil }
    let choices = parameters.links.map {
      Choice(usable, bodies: bodies, link: $0, device: device, parameters: parameters)
    }
    var chosen: [(candidate: VerdictCandidate, role: String)] = []
    let add = { (timed: Timed?, role: String) in
      guard let candidate = timed?.candidate, !chosen.contains(where: { $0.candidate.cell.key == candidate.cell.key })
      else { return }
      chosen.append((candidate, role))
    }
    add(choices.first?.zlib6, "zlib 6")
    for choice in choices {
      add(choice.best, "best pick")
      add(choice.gzip, "gzip pick")
    }
    guard !chosen.isEmpty else { return nil }
    let rated = uplinkRates.map {
      LinkPreset(name: "curve", uplinkBitsPerSecond: $0, rttMilliseconds: rttMilliseconds, source: "chart")
    }
    let identities = rated.map { VerdictEstimate.identity(bodies: bodies, $0, device, parameters).mean }
    let series = chosen.map { candidate, role in
      let cell = candidate.cell
      let curve = zip(rated, identities).map { link, identity in
        (identity - candidate.estimate(bodies: bodies, link, device, parameters).mean) * 1000
      }
      let points = zip(parameters.links, choices).map { link, choice in
        let estimate = candidate.estimate(bodies: bodies, link, device, parameters)
        let identity = choice.identity.mean
        return UplinkPoint(
          link: link.name, uplinkBitsPerSecond: link.uplinkBitsPerSecond, rttMs: link.rttMilliseconds,
          savingMs: (identity - estimate.mean) * 1000, lowMs: (identity - estimate.high) * 1000,
          highMs: (identity - estimate.low) * 1000)
      }
      return UplinkSeries(
        role: role, backend: cell.backend, container: cell.container, level: cell.level,
        dictionary: cell.dictionary?.name, ratio: cell.ratio, savingMs: curve, links: points)
    }
    return UplinkCurve(
      corpus: set.corpus, split: set.split, payloadBytes: Double(sample.inputBytes) / Double(sample.payloads),
      rttMs: rttMilliseconds, ratesBitsPerSecond: uplinkRates, series: series)
  }
}
