import DeflateBenchResults

extension ParetoFrontier {
  /// The keys of the Pareto-optimal cells on output bytes and headline compression speed.
  ///
  /// Cells compete only within the same payload set and thread count: bytes are only comparable
  /// for the same input, and a 4-thread cell's aggregate speed is not a setting's speed. Failed
  /// and unverified cells do not compete (their figures describe broken output), and neither do
  /// cells with ratio at or below 1: sending the bytes uncompressed beats them on both counts.
  public static func optimalKeys(_ cells: [SummarizedCell]) -> Set<CellKey> {
    struct Group: Hashable {
      let payloadSet: String
      let threads: Int
    }
    var groups: [Group: [(key: CellKey, point: Point)]] = [:]
    for summarized in cells where summarized.cell.verified && summarized.cell.outputBytes < summarized.cell.inputBytes {
      guard let speed = summarized.rankableSpeed else { continue }
      let cell = summarized.cell
      let point = Point(outputBytes: Double(cell.outputBytes), speed: speed)
      groups[Group(payloadSet: cell.payloadSetLabel, threads: cell.threads), default: []].append((cell.key, point))
    }
    var optimal = Set<CellKey>()
    for members in groups.values {
      for index in optimalIndices(members.map(\.point)) { optimal.insert(members[index].key) }
    }
    return optimal
  }
}
