/// How a backend looks on every chart: one colour and one marker. results.json carries the table
/// as `backend_styles` (one entry per backend, in the order legends list them) so report.html and
/// the PNG charts (scripts/plotting) draw a backend the same way. The table itself is
/// `BackendStyle.table(for:)` in Reports.
public struct BackendStyle: Codable, Sendable, Equatable {
  public var backend: String
  /// `#rrggbb`.
  public var color: String
  /// A shape name both renderers know: `circle`, `square`, `triangle_up`, `triangle_down`,
  /// `triangle_left`, `triangle_right`, `diamond`, `plus`, `x`, `hexagon`, `star`.
  public var marker: String

  public init(backend: String, color: String, marker: String) {
    self.backend = backend
    self.color = color
    self.marker = marker
  }
}
