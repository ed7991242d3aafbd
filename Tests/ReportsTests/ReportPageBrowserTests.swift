import DeflateBenchMeasurement
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchReports

/// report.html opened in a real browser (headless Chromium) from a file:// URL: it renders with
/// no script errors, its verdict follows the fragment, its controls, chart and table respond, and
/// its model agrees with hand-computed cases.
@Suite(.enabled(if: HeadlessBrowser.executable != nil, Comment(rawValue: HeadlessBrowser.missingMessage)))
struct ReportPageBrowserTests {
  /// Writes the fixture page into a scratch folder and returns its URL.
  func writePage(_ scratch: ScratchDirectory, _ html: String? = nil) throws -> URL {
    try scratch.write("report.html", text: html ?? pageHTML())
  }

  @Test func thePageRendersWithoutScriptErrors() throws {
    let scratch = try ScratchDirectory("page")
    let dom = try PageProbe.load(writePage(scratch))
    #expect(dom.contains("data-ready=\"true\""), "the page script did not finish")
    #expect(
      PageProbe.attribute("hidden", ofElement: "page-errors", in: dom) != nil,
      "\(PageProbe.element("page-errors", in: dom) ?? "")")
    #expect(PageProbe.attribute("data-compress", ofElement: "verdict", in: dom) == "true")
    #expect(PageProbe.attribute("data-setting", ofElement: "verdict", in: dom)?.split(separator: ":").count == 3)
    #expect(dom.contains("<svg"), "no chart was drawn")
  }

  @Test func aSlowAndAFastUplinkGiveDifferentVerdicts() throws {
    let scratch = try ScratchDirectory("page")
    let page = try writePage(scratch)
    // 100 kbit/s with 400 ms round trips: every byte saved is worth 80 µs, yet the smallest
    // bodies (zstd 19) no longer win outright: the settings within 5 % of the fastest total are
    // tied, and the page recommends the cheapest client CPU among them, zstd 3.
    let slow = try PageProbe.load(page, fragment: "corpus=events&split=events%3D50&uplink=100kbit&rtt=400ms")
    #expect(PageProbe.attribute("data-compress", ofElement: "verdict", in: slow) == "true")
    #expect(PageProbe.attribute("data-setting", ofElement: "verdict", in: slow) == "zstd:3:zstd")
    // 10 Gbit/s from a slow phone: the 12 kB body fits the first window either way, and
    // compressing it costs more than the 1.2 µs its bytes take to send.
    let fast = try PageProbe.load(
      page, fragment: "corpus=events&split=events%3D50&uplink=10Gbit&rtt=1ms&device=phone-low")
    #expect(PageProbe.attribute("data-compress", ofElement: "verdict", in: fast) == "false")
  }

  @Test func deliveryCountsSlowStartFlightsAsTheContractSays() throws {
    let scratch = try ScratchDirectory("page")
    // Window 10 x 1,448 = 14,480 bytes; every packet carries 52 B of headers on the link.
    // 10 kB at 100 kB/s, warm: 7 packets, 10,364 B: 0.10364 s. 40 kB at 100 kB/s, warm: the first
    // window is 15,000 B on the link (0.15 s, longer than 0.1 s + 2 packets of 0.015 s), the other
    // 25,520 B in 18 packets are 26,456 B: 0.26456; 0.41456 s. 50 kB at 1 MB/s, cold: two rounds of
    // max(0.1 + 0.0015, 0.015) = 0.203, then 6,560 B in 5 packets, 6,820 B: 0.20982 s. The same
    // kept-alive with BBR: 51,820 B at the rate: 0.05182 s.
    let text = try PageProbe.evaluate(
      try pageHTML(),
      script: """
        const m = { initial_window_segments: 10, mss_bytes: 1448, packet_header_bytes: 52,
          sender_congestion_control: "cubic", http: "1.1" };
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
