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
    // Likewise the formula's constants and the decisions' words: the page and the checkers hold
    // only the algorithm.
    parameters.framing = HTTPFraming.table(parameters)
    parameters.sender = UploadModel.senderConstants
    parameters.decisionWords = VerdictDecision.allWords
    document.model = parameters
    // Every measured cell's headline figures and intervals, the candidates' as the verdict takes them.
    for index in document.cells.indices {
      document.cells[index].figures = CellFigures(SummarizedCell(document.cells[index]))
    }
    let cells = SummarizedCell.all(document)
    document.verdict = rows(document, cells: cells, parameters: parameters, extraUploads: extraUploads)
    document.answer = answers(document, cells: cells, parameters: parameters)
    document.charts = charts(document, cells: cells, answers: document.answer ?? [], parameters: parameters)
    document.energy = EnergyParameters.standard(for: parameters)
  }
}
