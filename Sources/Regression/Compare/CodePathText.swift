/// How code paths and CPU features read in comparison summaries and BASELINE.md, one spelling for
/// every place that names them.
enum CodePathText {
  /// A cell's code path, or "not recorded" (output the same on every CPU, or an older file).
  static func path(_ path: String?) -> String { path ?? "not recorded" }

  /// `avx2 -> avx512`.
  static func change(from old: String?, to new: String?) -> String { "\(path(old)) -> \(path(new))" }

  /// A run's CPU features, space-separated; "none" on a CPU with none, "not recorded" in older files.
  static func features(_ features: [String]?) -> String {
    features.map { $0.isEmpty ? "none" : $0.joined(separator: " ") } ?? "not recorded"
  }
}
