import DeflateBenchResults

/// Why shard results cannot be merged. Conflicts in the runs' conditions can be overridden with
/// `--force`; duplicate cells and unreadable shard labels cannot.
public enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Nothing to merge.
  case noInputs
  /// The inputs disagree on library versions, corpus hashes or run settings: their figures
  /// were not measured under the same conditions.
  case conflictingContexts([String])
  /// The same cell is in more than one input, so it is not clear which measurement to keep.
  case duplicateCells([CellKey])
  /// A shard label is not `K/N`, the inputs disagree on N, or one shard is given twice.
  case invalidShards(String)

  public var description: String {
    switch self {
    case .noInputs:
      "no results to merge"
    case .conflictingContexts(let conflicts):
      "the results were not measured under the same conditions (use --force to merge anyway): "
        + conflicts.joined(separator: "; ")
    case .duplicateCells(let keys):
      "\(keys.count) cell\(keys.count == 1 ? " is" : "s are") in more than one input: "
        + keys.prefix(5).map(\.description).joined(separator: ", ") + (keys.count > 5 ? ", ..." : "")
    case .invalidShards(let detail):
      "the shards do not fit together: \(detail)"
    }
  }

  /// Whether `--force` may override this error.
  public var isOverridable: Bool {
    if case .conflictingContexts = self { return true }
    return false
  }
}
