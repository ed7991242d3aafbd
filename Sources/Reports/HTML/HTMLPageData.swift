import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport
import Foundation

/// The data report.html inlines: each cell's summarized figures (headlines, the interval, the
/// Pareto flag and the reference flag, all computed once in Swift), the corpus records, and the
/// document's `model`, `verdict`, `answer`, `energy` and `backend_styles` spelled as results.json
/// spells them. The page reads its decisions and energies from here and computes none. Raw samples
/// stay in results.json.
struct HTMLPageData: Encodable {
  struct Cell: Encodable {
    var corpus, split, backend: String
    var level: Int
    var container: String
    /// The dictionary's name for a dictionary cell: the same backend, level and container with
    /// and without a dictionary are different settings.
    var dictionary: String?
    var threads, payloads, inputBytes, outputBytes: Int
    var ratio: Double
    /// Headline speeds (each cell's fastest sample, `HeadlineSpeed`) in MB/s (10^6 bytes of
    /// uncompressed data per second); nil when the cell failed.
    var compressMBps: Double?
    /// The compress headline's 95 % interval, [lower, upper].
    var compressIntervalMBps: [Double]?
    var decompressMBps: Double?
    var coldMicroseconds: Double?
    /// Peak bytes one compressor allocated, the verdict's second cost after client CPU.
    var memoryBytes: Int?
    /// Verified and without error: the cell's figures describe good output.
    var verified: Bool
    var verifiedWith: String
    var pareto: Bool
    /// The `Content-Encoding` token the request carries, as the Swift model sends it.
    var contentEncoding: String?
    /// The cold call's median extra over the warm call, µs: what a compressor made for each
    /// request adds (`VerdictCandidate`); nil without paired cold and warm calls.
    var setupMicroseconds: Double?
    /// The reference setting every answer is compared with: zlib level 6 without a dictionary.
    var reference: Bool
  }

  var corpora: [CorpusRecord]
  var cells: [Cell]
  var model: ModelParameters?
  var verdict: [VerdictRow]?
  var answer: [PayloadAnswer]?
  /// The energy model's profiles, links and phones, which the page names beside the rows' energies.
  var energy: EnergyParameters?
  var backendStyles: [BackendStyle]

  /// The model with the formula's constants, the decisions' words and the reference link and
  /// device, which a document written before results.json carried them lacks: the page holds
  /// none of its own.
  private static func withConstants(_ model: ModelParameters) -> ModelParameters {
    var model = model
    model.referenceLink = model.referenceLink ?? Verdict.referenceLink(model)?.name
    model.referenceDevice = model.referenceDevice ?? Verdict.referenceDevice(model)?.name
    model.framing = model.framing ?? HTTPFraming.table(model)
    model.sender = model.sender ?? UploadModel.senderConstants
    model.decisionWords = model.decisionWords ?? VerdictDecision.allWords
    return model
  }

  /// The JSON text to inline, with every `<` escaped so that no string in it can close the
  /// `<script>` element that holds it.
  static func encode(_ document: ResultsDocument, cells: [SummarizedCell]) throws(ResultsWriteError) -> String {
    let pareto = ParetoFrontier.optimalKeys(cells)
    let page = HTMLPageData(
      corpora: document.corpora,
      cells: cells.map { summarized in
        let cell = summarized.cell
        return Cell(
          corpus: cell.corpus, split: cell.split, backend: cell.backend, level: cell.level, container: cell.container,
          dictionary: cell.dictionary?.name, threads: cell.threads, payloads: cell.payloads,
          inputBytes: cell.inputBytes, outputBytes: cell.outputBytes,
          ratio: cell.ratio, compressMBps: summarized.rankableSpeed,
          compressIntervalMBps: summarized.compress.map { [$0.headlineInterval.lower, $0.headlineInterval.upper] },
          decompressMBps: summarized.decompress?.headline, coldMicroseconds: summarized.cold?.median,
          memoryBytes: cell.memoryBytes,
          verified: cell.verified && cell.error == nil, verifiedWith: cell.verifiedWith,
          pareto: pareto.contains(cell.key),
          contentEncoding: Container(rawValue: cell.container).map(UploadModel.contentEncoding),
          setupMicroseconds: summarized.coldExtra?.medianMicroseconds,
          reference: ReferenceCell.default.isSetting(of: cell))
      },
      model: document.model.map(withConstants), verdict: document.verdict, answer: document.answer,
      energy: document.energy,
      backendStyles: document.backendStyles ?? BackendStyle.table(for: document))
    let encoder = SnakeCaseKeys.encoder([.sortedKeys, .withoutEscapingSlashes])
    do {
      let text = String(decoding: try encoder.encode(page), as: UTF8.self)
      return text.replacingOccurrences(of: "<", with: "\\u003c")
    } catch {
      throw .encoding(reason: "report.html data: \(error)")
    }
  }
}
