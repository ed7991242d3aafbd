import DeflateBenchModel
import DeflateBenchResults

/// How a setting's aggregate speed grows with threads, against its own single-thread speed.
public struct ThreadScaling: Sendable, Equatable {
  public let threads: Int
  /// Headline aggregate compression speed at `threads`, MB/s (`SummarizedCell.rankableSpeed`).
  public let speed: Double
  /// The same setting's headline speed on one thread, MB/s: what `speedup` and `efficiency` are
  /// relative to.
  public let singleThreadSpeed: Double

  /// speed(N) / speed(1).
  public var speedup: Double { speed / singleThreadSpeed }
  /// speed(N) / (N * speed(1)): 1 is perfect scaling, 0.5 means half of each added core is lost.
  public var efficiency: Double { speedup / Double(threads) }

  /// One row of the scaling table: a setting on a payload set, and its figures per thread count.
  public struct Row: Sendable, Equatable {
    public let cell: CellResult
    public let singleThreadSpeed: Double
    /// Ascending by thread count, threads > 1 only.
    public let scaling: [ThreadScaling]
  }

  /// Rows for every setting measured both single-threaded and with more threads. Settings
  /// without a measured single-thread cell have no reference and are left out.
  public static func rows(_ cells: [SummarizedCell]) -> [Row] {
    // A setting is a cell's key without its thread count (a dictionary cell is its own setting).
    var groups: [CellKey: [SummarizedCell]] = [:]
    var order: [CellKey] = []
    for summarized in cells where summarized.rankableSpeed != nil {
      var setting = summarized.cell.key
      setting.threads = 0
      if groups[setting] == nil { order.append(setting) }
      groups[setting, default: []].append(summarized)
    }
    return order.compactMap { setting in
      let members = groups[setting, default: []]
      guard let single = members.first(where: { $0.cell.threads == 1 }), let base = single.rankableSpeed, base > 0
      else { return nil }
      let scaling = members.filter { $0.cell.threads > 1 }.sorted { $0.cell.threads < $1.cell.threads }
        .compactMap { member in
          member.rankableSpeed.map { ThreadScaling(threads: member.cell.threads, speed: $0, singleThreadSpeed: base) }
        }
      return scaling.isEmpty ? nil : Row(cell: single.cell, singleThreadSpeed: base, scaling: scaling)
    }
  }
}
