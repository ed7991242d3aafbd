import DeflateBenchModel
import Foundation

extension LinkCheckRecord.Case {
  /// The case in words: `3g 300000 B cubic warm 5 s`, `lte 1000 B bbr cold`.
  public var name: String {
    let gap = idleSeconds.map { " \(String(format: "%g", $0)) s" } ?? ""
    return "\(link) \(bodyBytes) B \(cc) \(connection)\(gap)"
  }
}

extension LinkCheckRecord.Summary {
  /// Median and 90th percentile (linear interpolation, `Quantile.value`) of |error| and of
  /// |raw error| over `cases`, every one counted, and the worst case.
  init(scope: String, _ cases: [LinkCheckRecord.Case]) {
    let errors = cases.map { abs($0.errorPct) }.sorted()
    let rawErrors = cases.map { abs($0.errorRawPct) }.sorted()
    let worst = cases.max { abs($0.errorPct) < abs($1.errorPct) }
    self.init(
      scope: scope, cases: cases.count, medianAbsErrorPct: Quantile.median(ofSorted: errors) ?? 0,
      p90AbsErrorPct: Quantile.value(0.9, ofSorted: errors) ?? 0,
      worst: worst.map { "\($0.name): \(String(format: "%+.2f", $0.errorPct)) %" },
      medianAbsErrorRawPct: Quantile.median(ofSorted: rawErrors) ?? 0,
      p90AbsErrorRawPct: Quantile.value(0.9, ofSorted: rawErrors) ?? 0,
      lossCases: cases.filter { $0.lostPackets > 0 }.count)
  }

  /// The summary per link, per sender and connection, and per idle gap (cold cases as `cold`),
  /// each in the order the cases ran.
  static func groups(_ cases: [LinkCheckRecord.Case]) -> [LinkCheckRecord.Summary] {
    func grouped(_ key: (LinkCheckRecord.Case) -> String) -> [LinkCheckRecord.Summary] {
      var order: [String] = []
      var members: [String: [LinkCheckRecord.Case]] = [:]
      for item in cases {
        let name = key(item)
        if members[name] == nil { order.append(name) }
        members[name, default: []].append(item)
      }
      return order.map { LinkCheckRecord.Summary(scope: $0, members[$0] ?? []) }
    }
    return grouped { $0.link } + grouped { "\($0.cc) \($0.connection)" }
      + grouped { $0.idleSeconds.map { "idle \(String(format: "%g", $0)) s" } ?? "cold" }
  }
}

extension LinkCheckRecord.LossCase {
  init(_ item: LinkCheckRecord.Case) {
    self.init(
      name: item.name, lostPackets: item.lostPackets, errorPct: item.errorPct, modelOverflow: item.modelOverflow)
  }
}
