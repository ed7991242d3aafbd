import DeflateBenchModel

extension MarkdownReport {
  /// `--streaming`: per payload set, backend, level and chunk size, what compressing chunk by
  /// chunk costs against whole-body compression (ratio loss, speed, working memory) and, with
  /// `--upload`, the two uploads side by side. Backends with no streaming API show n/a.
  static func streamingSection(_ cells: [SummarizedCell]) -> String? {
    // Dictionary cells have no streaming form (see `CellVisit.streamingSamples`).
    let measured = cells.map(\.cell).filter { $0.threads == 1 && $0.dictionary == nil }
    guard measured.contains(where: { $0.streaming != nil }) else { return nil }
    let hasUploads = measured.contains { $0.streaming?.contains { $0.upload != nil } ?? false }
    var table = MarkdownTable(
      text: ["Payload set", "Backend", "Container"],
      numbers: ["Level", "Chunk", "Ratio loss", "Whole MB/s", "Streaming MB/s", "Streaming memory"]
        + (hasUploads
          ? ["Link", "Whole-body ms", "Streaming ms", "Modelled ms", "Client peak whole", "Client peak streaming"] : [])
    )
    for cell in measured {
      let label = MarkdownText.plain("\(cell.corpus)/\(cell.split)")
      let prefix = [label, MarkdownText.plain(cell.backend), MarkdownText.plain(cell.container), String(cell.level)]
      guard let forms = cell.streaming else {
        if cell.error == nil {
          table.append(
            prefix + ["n/a", "n/a", headline(cell.compressSamplesMBps), "n/a", "n/a"]
              + (hasUploads ? Array(repeating: "", count: 6) : []))
        }
        continue
      }
      for form in forms {
        var row =
          prefix + [
            NumberText.bytes(form.chunkBytes),
            NumberText.fixed(form.ratioLossPercent(wholeOutputBytes: cell.outputBytes), decimals: 2) + " %",
            headline(cell.compressSamplesMBps), headline(form.compressSamplesMBps), NumberText.bytes(form.memoryBytes),
          ]
        if hasUploads {
          if let upload = form.upload {
            row += [
              MarkdownText.plain(upload.link), NumberText.significant(upload.wholeBodyMs),
              NumberText.significant(upload.streamingMs), upload.modelledStreamingMs.map(NumberText.significant) ?? "—",
              NumberText.bytes(upload.wholeBodyPeakBytes), NumberText.bytes(upload.streamingPeakBytes),
            ]
          } else {
            row += Array(repeating: "—", count: 6)
          }
        }
        table.append(row)
      }
    }
    return """
      ## Streaming

      Each payload compressed chunk by chunk with a flush at every chunk's end, as an uploader \
      that sends while it compresses. Ratio loss: extra bytes against whole-body compression of \
      the same payloads. Streaming memory: the library's peak plus its output buffer and one \
      chunk, the same for any body size. Upload times run from the start of compression to the \
      last byte of the answer (whole-body: compress all, then send; streaming: compress while \
      sending, Transfer-Encoding: chunked); client peak: the run's resident high-water mark above \
      its level before each upload. n/a: the library has no streaming compress API.


      """ + table.render()
  }

  private static func headline(_ samples: [Double]) -> String {
    HeadlineSpeed.value(ofSorted: samples.filter(\.isFinite).sorted()).map(NumberText.significant) ?? "—"
  }
}
