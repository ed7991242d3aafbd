import DeflateBenchCodecs
import DeflateBenchMeasurement
import Foundation

/// The data report.html inlines: each cell's summarized figures (medians, the interval, the
/// Pareto flag, all computed once in Swift), the corpus records, and results.json's `model` and
/// `verdict` exactly as the run wrote them. Raw samples stay in results.json.
struct HTMLPageData: Encodable {
  struct Cell: Encodable {
    var corpus: String
    var split: String
    var backend: String
    var level: Int
    var container: String
    var threads: Int
    var payloads: Int
    var inputBytes: Int
    var outputBytes: Int
    var ratio: Double
    /// Medians in MB/s (10^6 bytes of uncompressed data per second); nil when the cell failed.
    var compressMbps: Double?
    var compressCi: [Double]?
    var decompressMbps: Double?
    var coldUs: Double?
    /// Verified and without error: the cell's figures describe good output.
    var verified: Bool
    var verifiedWith: String
    var pareto: Bool
    /// The `Content-Encoding` token the request carries, nil for none (raw DEFLATE).
    var contentEncoding: String?
  }

  var corpora: [CorpusRecord]
  var cells: [Cell]
  var model: JSONValue?
  var verdict: JSONValue?

  /// The JSON text to inline, with every `<` escaped so that no string in it can close the
  /// `<script>` element that holds it.
  static func encode(
    _ document: ResultsDocument, cells: [SummarizedCell], resultsJSON: Data
  ) throws(ResultsWriteError) -> String {
    let pareto = ParetoFrontier.optimalKeys(cells)
    let written: ResultsExtract
    do {
      written = try JSONDecoder().decode(ResultsExtract.self, from: resultsJSON)
    } catch {
      throw .encoding(reason: "results.json for report.html: \(error)")
    }
    let page = HTMLPageData(
      corpora: document.corpora,
      cells: cells.map { summarized in
        let cell = summarized.cell
        return Cell(
          corpus: cell.corpus, split: cell.split, backend: cell.backend, level: cell.level, container: cell.container,
          threads: cell.threads, payloads: cell.payloads, inputBytes: cell.inputBytes, outputBytes: cell.outputBytes,
          ratio: cell.ratio, compressMbps: summarized.rankableSpeed,
          compressCi: summarized.compress?.medianInterval.map { [$0.lower, $0.upper] },
          decompressMbps: summarized.decompress?.median, coldUs: summarized.cold?.median,
          verified: cell.verified && cell.error == nil, verifiedWith: cell.verifiedWith,
          pareto: pareto.contains(cell.key) && cell.outputBytes < cell.inputBytes,
          contentEncoding: Container(rawValue: cell.container)?.contentEncoding)
      },
      model: written.model, verdict: written.verdict)
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      let text = String(decoding: try encoder.encode(page), as: UTF8.self)
      return text.replacingOccurrences(of: "<", with: "\\u003c")
    } catch {
      throw .encoding(reason: "report.html data: \(error)")
    }
  }

  /// The parts of results.json the page takes verbatim.
  private struct ResultsExtract: Decodable {
    var model: JSONValue?
    var verdict: JSONValue?
  }
}

/// Any JSON value, decoded and encoded back unchanged (numbers keep their exact Double value).
enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
