import DeflateBenchResults

/// How a cell is named in prose: "libdeflate gzip 6", with " ×2 threads" when it ran threaded.
public enum CellText {
  /// Backend, container and level (and threads above one). The container is left out where it
  /// only repeats the backend's name ("zstd 3", not "zstd zstd 3").
  public static func brief(_ cell: CellResult) -> String {
    let container = cell.container == cell.backend && cell.dictionary == nil ? "" : " \(cell.containerLabel)"
    let threads = cell.threads > 1 ? " ×\(cell.threads) threads" : ""
    return "\(cell.backend)\(container) \(cell.level)\(threads)"
  }

  /// A setting from a verdict row's or an answer's fields, as `brief` names its cell: `zstd 3`,
  /// `libdeflate gzip 6`; nil when the backend or level is missing.
  public static func setting(_ backend: String?, _ container: String?, _ level: Int?) -> String? {
    guard let backend, let level else { return nil }
    let shown = container.map { $0 == backend ? "" : " \($0)" } ?? ""
    return "\(backend)\(shown) \(level)"
  }

  /// `brief` with the two figures a pick is judged by: "libdeflate gzip 6 (ratio 6.33, 121 MB/s)".
  public static func briefWithFigures(_ cell: SummarizedCell) -> String {
    let speed = cell.compress.map { NumberText.significant($0.headline) } ?? "—"
    // A dictionary setting only works where the server holds the same dictionary: say so wherever it is picked.
    let needs = cell.cell.dictionary == nil ? "" : ", needs the dictionary on the server"
    return "\(brief(cell.cell)) (ratio \(NumberText.fixed(cell.cell.ratio, decimals: 2)), \(speed) MB/s\(needs))"
  }
}
