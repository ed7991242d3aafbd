import DeflateBenchResults

extension Verdict {
  /// Puts the verdict into `document`: `parameters` as its `model`, and the verdict rows, the
  /// answers and the charts' curves computed from every cell under them. `run` and `merge` both call this, so a merged
  /// run's verdict is the one an unsharded run of the same cells writes.
  public static func assemble(
    _ document: inout ResultsDocument, parameters: ModelParameters,
    extraUploads: [CellKey: [UploadMeasurement]] = [:]
  ) {
    var parameters = parameters
    // Written out so every renderer (report.html's fallback for a set without an answer included)
    // takes the reference from the results, not from a rule of its own.
    parameters.referenceLink = referenceLink(parameters)?.name
    parameters.referenceDevice = referenceDevice(parameters)?.name
    document.model = parameters
    for index in document.cells.indices {
      document.cells[index].figures = VerdictCandidate(SummarizedCell(document.cells[index]))?.figures
    }
    let cells = SummarizedCell.all(document)
    document.verdict = rows(document, cells: cells, parameters: parameters, extraUploads: extraUploads)
    document.answer = answers(document, cells: cells, parameters: parameters)
    document.charts = charts(document, cells: cells, answers: document.answer ?? [], parameters: parameters)
    document.energy = EnergyParameters.standard(for: parameters)
  }
}
