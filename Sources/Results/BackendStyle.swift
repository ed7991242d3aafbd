/// How a backend looks on every chart: one colour and one marker, from the one palette below.
/// results.json carries the styles as `backend_styles` (one entry per backend, in the order
/// legends list them: `BackendStyle.table(for:)` in Reports) so report.html and the PNG charts
/// (scripts/plotting) draw a backend the same way.
public struct BackendStyle: Codable, Sendable, Equatable {
  public var backend: String
  /// `#rrggbb`.
  public var color: String
  /// A shape name both renderers know: `circle`, `square`, `triangle_up`, `triangle_down`,
  /// `triangle_left`, `triangle_right`, `diamond`, `plus`, `x`, `hexagon`, `star`.
  public var marker: String

  /// Colour and marker by backend name. Colours are matplotlib's tab10 palette, which stays
  /// distinguishable for the common colour-vision deficiencies when paired with distinct markers.
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
}
