import DeflateBenchMeasurement
import Foundation
import TestSupport
import Testing

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

  @Test func theModelObjectReachesThePageUnchanged() throws {
    let data = try pageData(pageHTML())
    let model = try #require(data["model"] as? [String: Any])
    #expect(model["mss_bytes"] as? Int == 1460)
    #expect(model["initial_window_segments"] as? Int == 10)
    #expect((model["links"] as? [[String: Any]])?.first?["name"] as? String == "3g")
    let cells = try #require(data["cells"] as? [[String: Any]])
    #expect(cells.count == makeFixtureDocument().cells.count)
    let first = try #require(cells.first)
    for key in ["compress_mbps", "decompress_mbps", "output_bytes", "payloads", "content_encoding", "pareto"] {
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

/// The page for a document, rendered as the writer does.
func pageHTML(_ document: ResultsDocument = makeFixtureDocument()) throws -> String {
  let json = withContractModel(try JSONReport.encode(document))
  return try HTMLReport.render(document, cells: SummarizedCell.all(document), resultsJSON: json)
}

/// The JSON the page inlines, parsed back.
func pageData(_ html: String) throws -> [String: Any] {
  let start = try #require(html.range(of: "<script type=\"application/json\" id=\"results-data\">"))
  let end = try #require(html[start.upperBound...].range(of: "</script>"))
  let text = String(html[start.upperBound..<end.lowerBound])
  return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// results.json with the contract's `model` object added, for documents that lack one.
func withContractModel(_ json: Data) -> Data {
  guard var object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any], object["model"] == nil else {
    return json
  }
  object["model"] = [
    "mss_bytes": 1460, "initial_window_segments": 10, "cold_handshake_round_trips": 2,
    "request_head_bytes": 310, "request_head_source": "default", "time_tolerance": 0.05,
    "links": [
      ["name": "3g", "uplink_bits_per_second": 400_000, "rtt_ms": 400, "source": "DevTools"],
      ["name": "lte", "uplink_bits_per_second": 5_000_000, "rtt_ms": 60, "source": "Opensignal"],
      ["name": "wifi", "uplink_bits_per_second": 22_600_000, "rtt_ms": 14, "source": "Ookla"],
      ["name": "fiber", "uplink_bits_per_second": 100_000_000, "rtt_ms": 10, "source": "Ookla"],
    ],
    "devices": [
      ["name": "this", "compress_slowdown": 1.0, "source": "measured"],
      ["name": "phone-low", "compress_slowdown": 6.0, "source": "Geekbench"],
    ],
  ]
  return (try? JSONSerialization.data(withJSONObject: object)) ?? json
}
