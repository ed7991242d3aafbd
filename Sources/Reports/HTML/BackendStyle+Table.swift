import DeflateBenchCodecs
import DeflateBenchResults

/// The one table of backend colours and markers. Reports writes it into results.json
/// (`backend_styles`), where report.html and the PNG charts (scripts/plotting/style.py) read it.
/// Colours are matplotlib's tab10 palette, which stays distinguishable for the common
/// colour-vision deficiencies when paired with distinct markers.
extension BackendStyle {
  /// Colour and marker by backend name.
  static let known: [String: (color: String, marker: String)] = [
    "zlib": ("#1f77b4", "circle"),
    "zlib-ng": ("#17becf", "hexagon"),
    "libdeflate": ("#ff7f0e", "square"),
    "isal": ("#2ca02c", "triangle_up"),
    "zopfli": ("#9467bd", "diamond"),
    "zstd": ("#d62728", "triangle_down"),
    "brotli": ("#8c564b", "plus"),
  ]

  /// Looks for a backend the table does not name yet, picked by name (not by order of
  /// appearance) so such a backend keeps its look across runs.
  static let spares: [(color: String, marker: String)] = [
    ("#e377c2", "x"), ("#bcbd22", "triangle_left"), ("#7f7f7f", "triangle_right"), ("#000080", "star"),
  ]

  /// The style of one backend.
  public static func of(_ backend: String) -> BackendStyle {
    let look = known[backend] ?? spares[backend.utf8.reduce(0) { $0 + Int($1) } % spares.count]
    return BackendStyle(backend: backend, color: look.color, marker: look.marker)
  }

  /// The styles results.json carries, in the order legends list backends: every registered
  /// backend in the registry's order (DEFLATE first, reference codecs last), then any other
  /// backend the cells name, by name.
  public static func table(for document: ResultsDocument) -> [BackendStyle] {
    let registered = BackendRegistry.names
    let others = Set(document.cells.map(\.backend)).subtracting(registered).sorted()
    return (registered + others).map(of)
  }
}

extension ResultsDocument {
  /// The document as the writer writes it: with today's `backend_styles`.
  public func withBackendStyles() -> ResultsDocument {
    var document = self
    document.backendStyles = BackendStyle.table(for: self)
    return document
  }
}
