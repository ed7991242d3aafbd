import DeflateBenchResults
import DeflateBenchSupport

extension Verdict {
  /// The setting to ship among `pool`, and the settings the rule could not tell from it.
  ///
  /// zlib 6 (the anchor) unless some setting beats it (`Verdict.beats`: beyond both intervals and
  /// by the minimum saving): every platform ships zlib, so another library or codec has to earn
  /// its place. Among the settings that beat the anchor, the fastest of them and those it does not
  /// beat are tied, and of these the fewest bytes win, then the least client CPU, then the fixed
  /// name order. Bytes come before CPU because they are what the radio, the data plan and the
  /// server's ingress pay for (a sent byte costs a phone's LTE radio about a hundred times the
  /// energy compressing it does) and because sizes are deterministic, so the pick is the same
  /// every run; ranking the tied by client CPU made it follow the machine's timing noise.
  struct SettingPick {
    let pick: Timed?
    let ties: [Timed]

    /// The settings are weighed by the objective (`Timed.weighed`, time or energy): "fastest"
    /// below is the lowest of it.
    ///
    /// - Parameter anchor: the key of zlib 6's cell; when it is not in `pool`, the settings are
    ///   ranked among themselves.
    init(_ pool: [Timed], anchor: CellKey?, minimum: MinimumSaving) {
      let anchored = pool.first { $0.candidate.cell.key == anchor }
      var contenders = pool
      if let anchored {
        contenders = pool.filter { Verdict.beats($0.weighed, anchored.weighed, minimum) }
        if contenders.isEmpty {
          pick = anchored
          ties = Self.others(pool, anchored) { !Verdict.beats(anchored.weighed, $0.weighed, minimum) }
          return
        }
      }
      guard let fastest = Verdict.lowest(contenders, by: { $0.weighed.mean }) else {
        pick = nil
        ties = []
        return
      }
      let tied = contenders.filter { !Verdict.beats(fastest.weighed, $0.weighed, minimum) }
      let chosen = tied.min(by: Self.fewerBytes) ?? fastest
      pick = chosen
      ties = Self.others(tied, chosen) { _ in true }
    }

    /// Fewer output bytes, then less client CPU per body, then the fixed name order.
    static func fewerBytes(_ a: Timed, _ b: Timed) -> Bool {
      if a.candidate.cell.outputBytes != b.candidate.cell.outputBytes {
        return a.candidate.cell.outputBytes < b.candidate.cell.outputBytes
      }
      if a.weighed.clientCPU != b.weighed.clientCPU { return a.weighed.clientCPU < b.weighed.clientCPU }
      return nameOrder(a.candidate.cell, b.candidate.cell)
    }

    private static func others(_ timed: [Timed], _ chosen: Timed, where keep: (Timed) -> Bool) -> [Timed] {
      timed.filter { $0.candidate.cell.key != chosen.candidate.cell.key && keep($0) }
    }
  }
}

extension ReferenceCell {
  /// The anchor among `candidates`: this setting in the gzip container, which every server decodes,
  /// or in another container when the run wrote no gzip (`--container zlib`).
  func anchor(among candidates: [VerdictCandidate]) -> VerdictCandidate? {
    let settings = candidates.filter { isSetting(of: $0.cell) }
    return settings.first { $0.cell.container == Container.gzip.rawValue } ?? settings.first
  }
}

extension VerdictCandidate {
  /// The `Content-Encoding` the request carries (raw DEFLATE is sent as `deflate`), which
  /// `--accept` filters on.
  var contentEncoding: String { request.contentEncoding ?? UploadModel.contentEncoding(.raw) }
}
