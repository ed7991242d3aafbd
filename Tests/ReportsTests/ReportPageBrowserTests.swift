import DeflateBenchModel
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchModel
@testable import DeflateBenchReports

/// report.html opened in a real browser (headless Chromium) from a file:// URL: it renders with
/// no script errors and opens on the answer, its verdict box shows the run's rows, the reader's
/// own conditions give a what-if timed by the formula, its controls, chart and table respond, and
/// its delivery term agrees with hand-computed cases.
@Suite(.enabled(if: HeadlessBrowser.executable != nil, Comment(rawValue: HeadlessBrowser.missingMessage)))
struct ReportPageBrowserTests {
  /// Writes the fixture page into a scratch folder and returns its URL.
  func writePage(_ scratch: ScratchDirectory, _ html: String? = nil) throws -> URL {
    try scratch.write("report.html", text: html ?? pageHTML())
  }

  @Test func thePageRendersWithoutScriptErrorsAndOpensOnTheAnswer() throws {
    let scratch = try ScratchDirectory("page")
    let dom = try PageProbe.load(writePage(scratch))
    #expect(dom.contains("data-ready=\"true\""), "the page script did not finish")
    #expect(
      PageProbe.attribute("hidden", ofElement: "page-errors", in: dom) != nil,
      "\(PageProbe.element("page-errors", in: dom) ?? "")")
    #expect(dom.contains("<svg"), "no chart was drawn")
    // The answer comes first, and the verdict box opens on the run's own row for the answer's
    // reference link and device.
    let document = withModel(makeFixtureDocument())
    let answer = try #require(document.answer?.first)
    let row = try #require(
      document.verdict?.first {
        $0.corpus == answer.corpus && $0.split == answer.split && $0.link == answer.referenceLink
          && $0.device == answer.referenceDevice
      })
    let answerAt = try #require(dom.range(of: "id=\"answer\""))
    #expect(answerAt.lowerBound < dom.range(of: "id=\"conditions\"")!.lowerBound)
    #expect(PageProbe.attribute("data-source", ofElement: "verdict", in: dom) == "run")
    #expect(PageProbe.attribute("data-decision", ofElement: "verdict", in: dom) == row.decision)
    #expect(PageProbe.attribute("data-setting", ofElement: "verdict", in: dom) == Self.bestSetting(row))
  }

  /// At every link preset and device of the run the verdict box shows the run's own row: the page
  /// reads the decision, the settings and the phone's energies, it does not decide or compute them.
  @Test func theVerdictBoxShowsTheRunsRowAtEveryPresetAndDevice() throws {
    let scratch = try ScratchDirectory("page")
    let text = try PageProbe.evaluate(
      try pageHTML(),
      script: """
        return DATA.verdict.map(r => {
          history.replaceState(null, "", "#" + new URLSearchParams({ corpus: r.corpus, split: r.split, link: r.link,
            device: r.device }).toString());
          readFragment();
          render();
          const d = document.getElementById("verdict").dataset;
          return { key: [r.corpus, r.split, r.link, r.device, d.source, d.decision, d.setting, d.gzipSetting,
            d.objective].join("|"), identityMs: +d.identityMs,
            identityMj: d.identityMj === "" ? null : +d.identityMj, bestMj: d.bestMj === "" ? null : +d.bestMj,
            energyNote: document.getElementById("energy-note").textContent };
        });
        """, in: scratch.url)
    struct Shown: Decodable, Equatable {
      var key: String
      var identityMs: Double
      var identityMj: Double?
      var bestMj: Double?
      var energyNote: String
    }
    let page = try JSONDecoder().decode([Shown].self, from: Data(text.utf8))
    let rows = try #require(withModel(makeFixtureDocument()).verdict)
    #expect(rows.count > 10)
    #expect(rows.contains { $0.energy != nil } && rows.contains { $0.energy == nil })
    let expected = rows.map { row in
      let gzip = row.gzipBackend.map { "\($0):\(row.gzipLevel ?? 0):gzip" } ?? ""
      let key = [
        row.corpus, row.split, row.link, row.device, "run", row.decision ?? "", Self.bestSetting(row), gzip,
        row.objective ?? "",
      ]
      return Shown(
        key: key.joined(separator: "|"), identityMs: row.identityMs, identityMj: row.energy?.inSession.identityMj,
        bestMj: row.energy?.inSession.bestMj, energyNote: "")
    }
    #expect(
      page.map {
        Shown(
          key: $0.key, identityMs: $0.identityMs, identityMj: $0.identityMj, bestMj: $0.bestMj,
          energyNote: "")
      } == expected)
    // Beside the energies, the radio the row was priced with; without them, why not.
    for (shown, row) in zip(page, rows) {
      if let energy = row.energy {
        #expect(shown.energyNote.contains("the \(energy.radio) radio profile"), "\(shown.energyNote)")
      } else {
        #expect(shown.energyNote.hasPrefix("No energy for this row: "), "\(shown.energyNote)")
        if row.device == DeviceClass.this.name {
          #expect(shown.energyNote.contains("the measuring machine is not a phone"), "\(shown.energyNote)")
        }
      }
    }
  }

  /// Conditions the run did not model (a 10 Gbit/s link, the reader's own body and device factor)
  /// are a what-if: the box times the run's picks with the formula and makes no decision.
  @Test func yourOwnBodySizeAndDeviceFactorGiveAWhatIf() throws {
    let scratch = try ScratchDirectory("page")
    let text = try PageProbe.evaluate(
      try pageHTML(),
      script: """
        const body = document.getElementById("body");
        body.value = "50 kB";
        body.dispatchEvent(new Event("change"));
        const factor = document.getElementById("factor");
        factor.value = "4";
        factor.dispatchEvent(new Event("change"));
        const bad = document.getElementById("body");
        const d = document.getElementById("verdict").dataset;
        const out = { hash: location.hash, source: d.source, decision: d.decision, setting: d.setting,
          identityMs: +d.identityMs, bestMs: +d.bestMs, energy: d.identityMj + d.bestMj,
          energyNote: document.getElementById("energy-note").textContent };
        bad.value = "lots";
        bad.dispatchEvent(new Event("change"));
        out.invalid = bad.getAttribute("aria-invalid");
        out.hashAfterBadInput = location.hash;
        return out;
        """, fragment: "corpus=events&split=events%3D50&uplink=10Gbit&rtt=1ms&device=phone-low", in: scratch.url)
    struct WhatIf: Decodable {
      var hash, source, decision, setting, invalid, hashAfterBadInput, energy, energyNote: String
      var identityMs, bestMs: Double
    }
    let page = try JSONDecoder().decode(WhatIf.self, from: Data(text.utf8))
    // A what-if computes no energy: it says so and shows none.
    #expect(page.energy == "")
    #expect(page.energyNote.contains("the page computes none of its own"), "\(page.energyNote)")
    #expect(page.hash.contains("body=50kB") && page.hash.contains("factor=4"), "\(page.hash)")
    #expect(page.source == "what-if")
    #expect(page.decision == "")
    #expect(page.invalid == "true")
    #expect(page.hashAfterBadInput == page.hash, "an unreadable size must leave the state alone")
    // The same request from Swift's model: 50 kB at 10 Gbit/s, 1 ms, warm, device factor 4.
    let document = withModel(makeFixtureDocument())
    let parameters = try #require(document.model)
    let link = LinkPreset(name: "x", uplinkBitsPerSecond: 1e10, rttMilliseconds: 1, source: "test")
    let device = DeviceClass(name: "x", compressSlowdown: 4, source: "test")
    let identity = UploadModel.requestTime(
      .identity(bytes: 50_000), setupSeconds: 0, link: link, device: device, parameters: parameters)
    #expect(abs(page.identityMs - identity.total * 1000) <= 1e-9 * page.identityMs)
    let cell = try #require(
      SummarizedCell.all(document).first {
        $0.cell.corpus == "events" && $0.cell.split == "events=50" && $0.cell.threads == 1
          && ReportPageFormulaTests.setting($0.cell) == page.setting
      }, "the what-if names \(page.setting), no cell of the set")
    let candidate = try #require(VerdictCandidate(cell))
    var request = candidate.request
    request.inputBytes = 50_000
    request.wireBytes = 50_000 * candidate.wireRatio
    let best = UploadModel.requestTime(
      request, setupSeconds: candidate.setup.median, link: link, device: device, parameters: parameters)
    #expect(abs(page.bestMs - best.total * 1000) <= 1e-9 * page.bestMs)
  }

  /// `best:level:container[:dictionary]`, as the page's data-setting spells a row's best setting.
  static func bestSetting(_ row: VerdictRow) -> String {
    guard let backend = row.bestBackend, let level = row.bestLevel, let container = row.bestContainer else { return "" }
    return "\(backend):\(level):\(container)" + (row.bestDictionary.map { ":\($0)" } ?? "")
  }

  @Test func deliveryCountsSlowStartFlightsAsTheContractSays() throws {
    let scratch = try ScratchDirectory("page")
    // The page's transport (results.json's model.framing) under the defaults: window 10 x 1,448 =
    // 14,480 bytes; every packet carries 52 B of headers on the link.
    // 10 kB at 100 kB/s, warm: 7 packets, 10,364 B: 0.10364 s. 40 kB at 100 kB/s, warm: the first
    // window is 15,000 B on the link (0.15 s, longer than 0.1 s + 2 packets of 0.015 s), the other
    // 25,520 B in 18 packets are 26,456 B: 0.26456; 0.41456 s. 50 kB at 1 MB/s, cold: two rounds of
    // max(0.1 + 0.0015, 0.015) = 0.203, then 6,560 B in 5 packets, 6,820 B: 0.20982 s. The same
    // kept-alive with BBR: 51,820 B at the rate: 0.05182 s.
    let text = try PageProbe.evaluate(
      try pageHTML(),
      script: """
        const t = MODEL.framing.transport["1.1"];
        if (t.payload_bytes_per_packet !== 1448 || t.header_bytes_per_packet !== 52 || t.initial_window_packets !== 10)
          throw new Error("the fixture's model is not the defaults: " + JSON.stringify(t));
        const m = Object.assign({}, MODEL, { sender_congestion_control: "cubic", http: "1.1" });
        const bbr = Object.assign({}, m, { sender_congestion_control: "bbr" });
        return [deliverSeconds(10000, 1e5, 0.1, false, m), deliverSeconds(40000, 1e5, 0.1, false, m),
          deliverSeconds(50000, 1e6, 0.1, true, m), deliverSeconds(50000, 1e6, 0.1, false, bbr)];
        """, in: scratch.url)
    let values = try JSONDecoder().decode([Double].self, from: Data(text.utf8))
    #expect(values.count == 4)
    for (value, expected) in zip(values, [0.10364, 0.41456, 0.20982, 0.05182]) {
      #expect(abs(value - expected) < 1e-12, "deliver \(value), expected \(expected)")
    }
  }

  @Test func controlsChartAndTableRespondToInput() throws {
    let scratch = try ScratchDirectory("page")
    let text = try PageProbe.evaluate(
      try pageHTML(),
      script: """
        const out = {};
        const slider = document.getElementById("uplink");
        slider.value = "0";
        slider.dispatchEvent(new Event("input"));
        out.hash = location.hash;
        out.uplinkText = document.getElementById("uplink-value").textContent;
        const chart = document.querySelector("#ratio-chart svg");
        chart.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
        out.details = document.getElementById("ratio-details").textContent;
        const ratioHeader = [...document.querySelectorAll("#cells-table th button")].find(b => b.textContent.startsWith("Ratio"));
        ratioHeader.click();
        out.sorted = document.querySelector("#cells-table th[aria-sort]").getAttribute("aria-sort");
        out.ratios = [...document.querySelectorAll("#cells-table tbody tr")].map(r => parseFloat(r.children[4].textContent));
        return out;
        """, fragment: "corpus=events&uplink=5Mbit&rtt=60ms", in: scratch.url)
    let result = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(result["probeError"] == nil, "\(result["probeError"] ?? "")")
    #expect((result["hash"] as? String)?.contains("uplink=100kbit") == true, "\(result["hash"] ?? "")")
    #expect(result["uplinkText"] as? String == "100 kbit/s")
    #expect((result["details"] as? String)?.contains("verified by") == true)
    #expect(result["sorted"] as? String == "descending")
    let ratios = try #require(result["ratios"] as? [Double])
    #expect(!ratios.isEmpty && ratios == ratios.sorted(by: >))
  }

  /// Screenshots at a desktop and a phone size, by scripts/screenshots.sh (the script that takes
  /// docs/'s pictures from Results/example), here into a scratch folder.
  @Test func screenshotsAtDesktopAndPhoneSizes() throws {
    let scratch = try ScratchDirectory("page")
    let page = try writePage(scratch)
    let pictures = scratch.url.appendingPathComponent("pictures")
    let script = DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts/screenshots.sh").path
    let result = try ProcessRunner.run("bash", arguments: [script, page.path, pictures.path], timeoutSeconds: 300)
    try #require(result.succeeded, "\(result.stderrText)")
    for (name, width) in [("report-page.png", 1280), ("report-page-phone.png", 390)] {
      let png = try Data(contentsOf: pictures.appendingPathComponent(name))
      // A PNG's IHDR holds the width and height at bytes 16-23.
      #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
      #expect(png.count > 10_000, "\(name) is nearly empty")
      #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == width)
    }
  }
}
