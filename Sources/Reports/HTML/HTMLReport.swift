import DeflateBenchModel
import DeflateBenchResults
import Foundation

/// `report.html`: the run's answer and verdict as a page a team can open offline, move the controls
/// on and share by link. One self-contained file: the data and the assets (`PageAssets`: template,
/// styles, scripts) are inline, and a Content-Security-Policy forbids any network access.
public enum HTMLReport {
  public static let fileName = "report.html"

  /// The page for a document whose cells are already summarized, as `ReportSet` passes them.
  /// The page's verdict needs the document's `model`; without one it says so.
  public static func render(_ document: ResultsDocument, cells: [SummarizedCell]) throws(ResultsWriteError) -> String {
    let assets = try PageAssets.texts()
    let data = try HTMLPageData.encode(document, cells: cells)
    let context = document.context
    let libraries = context.libraryVersions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    let contextLine =
      "\(context.date) · \(context.cpuModel), \(context.logicalCores) logical cores · \(context.os) · "
      + (libraries.isEmpty ? "no library versions recorded" : libraries.joined(separator: ", "))
    let banner =
      document.complete
      ? "" : "<p class=\"banner\"><strong>Incomplete run.</strong> It stopped before every cell was measured.</p>"
    let slots: [(String, String)] = [
      ("{{title}}", "DeflateBench: should this upload be compressed?"),
      ("{{context}}", escape(contextLine)),
      ("{{banner}}", banner),
      ("{{answer}}", answerSection(document)),
      ("{{style}}", assets.style),
      ("{{errors}}", assets.errorScript),
      ("{{data}}", data),
      ("{{script}}", assets.script),
    ]
    // Fill the slots in one pass over the template, so text inserted into one slot (the data,
    // say) is never searched for another slot's marker.
    var page = ""
    var rest = Substring(assets.template)
    while let open = rest.range(of: "{{") {
      page += rest[..<open.lowerBound]
      guard let (marker, value) = slots.first(where: { rest[open.lowerBound...].hasPrefix($0.0) }) else {
        page += "{{"
        rest = rest[open.upperBound...]
        continue
      }
      page += value
      rest = rest[rest.index(open.lowerBound, offsetBy: marker.count)...]
    }
    return page + rest
  }

  /// The run's answer, one line per payload set, as report.md's `## Answer` says it: the page
  /// opens on it, before the controls that let a reader try other conditions.
  static func answerSection(_ document: ResultsDocument) -> String {
    guard let answers = document.answer, !answers.isEmpty else { return "" }
    let items = answers.map { "<li data-decision=\"\($0.decision)\">\(escape($0.line))</li>" }
    return """
      <section id="answer" aria-labelledby="answer-heading">
      <h2 id="answer-heading">Answer</h2>
      <ul>
      \(items.joined(separator: "\n"))
      </ul>
      <p class="note">This run's decision per payload set, beyond the noise of its measurements (docs/verdict.md). \
      Below, its verdict for each link and device it modelled; move a control, or give your own body size or device \
      factor, for a what-if: the model's formula on the settings the run picked, point estimates without a new decision.</p>
      </section>
      """
  }

  /// Text for an HTML element's content.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
