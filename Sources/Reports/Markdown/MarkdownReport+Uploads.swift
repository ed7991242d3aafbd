import DeflateBenchModel
import DeflateBenchResults

extension MarkdownReport {
  /// Real HTTP uploads beside the model's prediction for the same bytes, when the run uploaded
  /// (`run --upload`); nil otherwise.
  static func measuredUploadsSection(_ document: ResultsDocument, extra: [CellKey: [UploadMeasurement]]) -> String? {
    let rows = document.cells.flatMap { cell in
      ((cell.upload.map { [$0] } ?? []) + (extra[cell.key] ?? [])).map { (cell, $0) }
    }
    guard !rows.isEmpty else { return nil }
    var table = MarkdownTable(
      text: ["Payload set", "Setting", "Link"], numbers: ["Measured ms", "Identity ms", "Modelled ms", "Difference"])
    for (cell, upload) in rows.sorted(by: { ($0.0.key, $0.1.link) < ($1.0.key, $1.1.link) }) {
      let difference = upload.modelledMs.map {
        $0 > 0 ? NumberText.signedPercent(100 * (upload.uploadMs / $0 - 1)) : "—"
      }
      table.append([
        MarkdownText.plain(cell.payloadSetLabel), MarkdownText.plain(CellText.brief(cell)),
        MarkdownText.plain(upload.link), NumberText.milliseconds(upload.uploadMs),
        NumberText.milliseconds(upload.uploadIdentityMs), upload.modelledMs.map(NumberText.milliseconds) ?? "—",
        difference ?? "—",
      ])
    }
    return "## Measured uploads\n\nReal HTTP requests to the echo server (URLSession, one kept-alive connection), "
      + "all of a cell's payloads; on an emulated link the model's prediction for the same bytes beside them.\n\n"
      + table.render()
  }
}
