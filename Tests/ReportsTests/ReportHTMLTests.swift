import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchModel
@testable import DeflateBenchReports

/// report.html as a file: written with the other reports, self-contained, and carrying the
/// run's model parameters and figures in data a script cannot break out of.
@Suite struct ReportHTMLTests {
  @Test func theWriterPutsReportHTMLBesideReportMD() throws {
    let scratch = try ScratchDirectory("html")
    try ResultsWriter.write(makeFixtureDocument(), to: scratch.url)
    let html = try String(contentsOf: scratch.url.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains("id=\"verdict\""))
    #expect(FileManager.default.fileExists(atPath: scratch.path("report.md")))
  }

  @Test func thePageNeedsNothingFromOutside() throws {
    let html = try pageHTML()
    // No element loads anything: no src, no href, no stylesheet link, no CSS url() or @import.
    for forbidden in [" src=", " href=", "<link", "url(", "@import", "<iframe", "fetch(", "XMLHttpRequest"] {
      #expect(!html.contains(forbidden), "report.html contains \(forbidden)")
    }
    // And the browser is told to refuse any request it might still try.
    #expect(html.contains("content=\"default-src 'none'; script-src 'unsafe-inline'"))
  }

  @Test func theModelReachesThePageAsResultsJSONSpellsIt() throws {
    let data = try pageData(pageHTML())
    let model = try #require(data["model"] as? [String: Any])
    #expect(model["mss_bytes"] as? Int == 1448)
    #expect(model["initial_window_segments"] as? Int == 10)
    let link = try #require((model["links"] as? [[String: Any]])?.first)
    #expect(link["name"] as? String == "3g")
    #expect(link["rtt_ms"] as? Double == 400)
    #expect((model["devices"] as? [[String: Any]])?.contains { $0["name"] as? String == "phone-low" } == true)
    let cells = try #require(data["cells"] as? [[String: Any]])
    #expect(cells.count == makeFixtureDocument().cells.count)
    let first = try #require(cells.first)
    // No compress_interval_mbps here: the fixture's cells have fewer than 10 samples, too few for
    // an interval, and the page shows none.
    for key in [
      "compress_mbps", "decompress_mbps", "cold_microseconds", "output_bytes", "payloads",
      "content_encoding", "pareto",
    ] {
      #expect(first[key] != nil, "cell data lacks \(key)")
    }
  }

  @Test func aCorpusNameCannotCloseTheDataScript() throws {
    var document = makeFixtureDocument(corpora: [FixtureCorpus.standard[0]])
    let hostile = "x</script><script>document.title='owned'</script>"
    for index in document.cells.indices { document.cells[index].corpus = hostile }
    document.corpora[0].name = hostile
    let html = try pageHTML(document)
    #expect(!html.contains("<script>document.title"))
    let data = try pageData(html)
    #expect((data["corpora"] as? [[String: Any]])?.first?["name"] as? String == hostile)
  }

  @Test func anIncompleteRunSaysSoAtTheTop() throws {
    let html = try pageHTML(makeFixtureDocument(complete: false))
    let banner = try #require(html.range(of: "Incomplete run."))
    #expect(banner.lowerBound < html.range(of: "id=\"verdict\"")!.lowerBound)
  }
}

/// The page for a document, rendered as the writer does, with the default model when the
/// document has none.
func pageHTML(_ document: ResultsDocument = makeFixtureDocument()) throws -> String {
  let document = withModel(document)
  return try HTMLReport.render(document, cells: SummarizedCell.all(document))
}

/// The JSON the page inlines, parsed back.
func pageData(_ html: String) throws -> [String: Any] {
  let start = try #require(html.range(of: "<script type=\"application/json\" id=\"results-data\">"))
  let end = try #require(html[start.upperBound...].range(of: "</script>"))
  let text = String(html[start.upperBound..<end.lowerBound])
  return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// The document with a run's default model parameters (every device of the catalog) and the
/// verdict and answer they give, as `run` adds them, when it has none.
func withModel(_ document: ResultsDocument, connection: String = "warm") -> ResultsDocument {
  guard document.model == nil else { return document }
  var document = document
  let parameters = ModelParameters(
    requestHeadBytes: ModelParameters.defaultRequestHeadBytes, requestHeadSource: "default", connection: connection,
    links: LinkPreset.verdictDefault, devices: DeviceClass.catalog)
  Verdict.assemble(&document, parameters: parameters)
  return document
}
