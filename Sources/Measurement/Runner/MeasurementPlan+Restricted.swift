import DeflateBenchResults

extension MeasurementPlan {
  /// The same plan with only the cells (and skipped cells) whose keys are in `keys`: how a
  /// one-set plan keeps to the shard the whole matrix was cut into.
  func restricted(to keys: Set<CellKey>) -> MeasurementPlan {
    MeasurementPlan(
      payloadSets: payloadSets, cells: cells.filter { keys.contains($0.key) },
      skipped: skipped.filter { keys.contains($0.key) }, notes: notes, shard: shard)
  }
}
