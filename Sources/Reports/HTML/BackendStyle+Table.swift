import DeflateBenchCodecs
import DeflateBenchResults

/// The backend styles results.json carries (`backend_styles`), where report.html and the PNG
/// charts (scripts/plotting/style.py) read them; the palette is `BackendStyle.of` (Results).
extension BackendStyle {
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
