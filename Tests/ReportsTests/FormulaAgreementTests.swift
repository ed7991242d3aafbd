import DeflateBenchResults
import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchModel

/// Node.js, which runs model.js outside the page.
private let formulaNode = ProcessRunner.findExecutable(named: "node")

/// The upload model in its three languages on one grid (issue #41, item 3): Swift's
/// `UploadModel` (the reference), report.html's model.js and the checkers' scripts/upload_model.py,
/// the last two holding only the algorithm and reading every constant from the model object
/// results.json carries (`model.framing`, written by `HTTPFraming.table`). Every HTTP version,
/// sender, connection, link from 100 kbit/s to 1 Gbit/s, body from one packet to megabytes,
/// identity and compressed requests: the request's bytes on the connection and its total (the
/// decode left out, which the page charges after the last byte and the checkers' model whole)
/// agree within 1e-9 relative.
@Suite(
  .enabled(if: formulaNode != nil, "needs node (Node.js runs model.js); scripts/setup.sh installs it"),
  .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
struct FormulaAgreementTests {
  static let root = DeflateBenchExecutable.packageRoot

  struct Case: Encodable {
    var model: ModelParameters
    var uplinkBitsPerSecond: Double
    var rttMs: Double
    var factor: Double
    var inputBytes: Double
    var wireBytes: Double
    /// nil for identity.
    var container: String?
    var compressMBps: Double?
  }

  static func grid() -> [Case] {
    var cases: [Case] = []
    let links: [(Double, Double)] = [(1e5, 400), (1e6, 150), (22.6e6, 60), (1e9, 1)]
    let bodies: [Double] = [700, 14_600, 150_000, 5_000_000]
    let settings: [(container: String?, ratio: Double, mbps: Double?)] = [
      (nil, 1, nil), ("gzip", 0.21, 48.5), ("br", 0.17, 3.2), ("raw", 0.9, 400),
    ]
    for http in HTTPFraming.versions {
      for congestion in ModelParameters.senderCongestionControls {
        for connection in ModelParameters.connections {
          var model = ModelParameters.standard
          model.http = http
          model.senderCongestionControl = congestion
          model.connection = connection
          model.requestHeadBytes = 251
          model.framing = HTTPFraming.table(model)
          for (index, (uplink, rtt)) in links.enumerated() {
            for body in bodies {
              for setting in settings {
                cases.append(
                  Case(
                    model: model, uplinkBitsPerSecond: uplink, rttMs: rtt, factor: [1, 3.7][index % 2],
                    inputBytes: body, wireBytes: (body * setting.ratio).rounded(), container: setting.container,
                    compressMBps: setting.mbps))
              }
            }
          }
        }
      }
    }
    return cases
  }

  /// Swift's request bytes and total without the decode.
  static func swift(_ item: Case) -> [Double] {
    let request = UploadModel.Request(
      inputBytes: item.inputBytes, wireBytes: item.wireBytes,
      compressBytesPerSecond: item.compressMBps.map { $0 * 1e6 },
      decodeBytesPerSecond: nil,
      contentEncoding: item.container.flatMap(Container.init(rawValue:)).map(UploadModel.contentEncoding))
    let link = LinkPreset(
      name: "grid", uplinkBitsPerSecond: item.uplinkBitsPerSecond, rttMilliseconds: item.rttMs, source: "")
    let device = DeviceClass(name: "grid", compressSlowdown: item.factor, source: "")
    let time = UploadModel.requestTime(request, setupSeconds: 0, link: link, device: device, parameters: item.model)
    return [UploadModel.requestBytes(request, parameters: item.model), time.total]
  }

  static let javaScript = """
    const out = CASES.map((c) => {
      const encoded = c.container != null;
      const token = encoded ? c.model.framing.content_encodings[c.container] : null;
      const request = { input_bytes: c.input_bytes, wire_bytes: c.wire_bytes,
        compress_bytes_per_second: encoded ? c.compress_mbps * 1e6 : null, decode_bytes_per_second: null,
        content_encoding: token, setup_seconds: 0 };
      const cold = c.model.connection === "cold";
      const head = c.model.request_head_bytes + contentEncodingLineBytes(token);
      const t = requestTime(request, { uplinkBitsPerSecond: c.uplink_bits_per_second, rttMs: c.rtt_ms, cold: cold,
        compressSlowdown: c.factor }, c.model);
      return [requestBytes(head, c.wire_bytes, encoded, cold, c.model), t.total];
    });
    console.log(JSON.stringify(out));
    """

  static let python = """
    import json, sys
    sys.path.insert(0, "scripts")
    from upload_model import Model
    out = []
    for c in json.load(sys.stdin):
        model = Model.from_json(c["model"])
        container = c.get("container")
        head = model.request_head_bytes + (len(f"Content-Encoding: {model.content_encoding(container)}\\r\\n") if container else 0)
        total = model.request_seconds(c["input_bytes"], c["wire_bytes"], c["uplink_bits_per_second"] / 8, c["rtt_ms"] / 1000,
            container, c.get("compress_mbps"), None, c["factor"])
        out.append([model.request_bytes(head, c["wire_bytes"], container is not None), total])
    print(json.dumps(out))
    """

  @Test("Swift, model.js and upload_model.py give the same request bytes and totals on one grid")
  func threeFormulasAgree() throws {
    let cases = Self.grid()
    let json = String(decoding: try SnakeCaseKeys.encoder([.sortedKeys]).encode(cases), as: UTF8.self)
    let scratch = try ScratchDirectory("formula-agreement")
    let modelJS = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/Reports/HTML/Assets/model.js"), encoding: .utf8)
    let script = try scratch.write("grid.js", text: "const CASES = \(json);\n\(modelJS)\n\(Self.javaScript)")
    let js = try ProcessRunner.run(try #require(formulaNode), arguments: [script.path])
    try #require(js.succeeded, "\(js)")
    let input = try scratch.write("grid.json", text: json)
    let py = try ProcessRunner.run(
      "/bin/sh", arguments: ["-c", "/usr/bin/python3 -c \"$0\" < \"$1\"", Self.python, input.path],
      currentDirectory: Self.root.path)
    try #require(py.succeeded, "\(py)")
    let jsValues = try JSONDecoder().decode([[Double]].self, from: Data(js.stdoutText.utf8))
    let pyValues = try JSONDecoder().decode([[Double]].self, from: Data(py.stdoutText.utf8))
    #expect(cases.count == 3 * 2 * 2 * 4 * 4 * 4)
    #expect(jsValues.count == cases.count && pyValues.count == cases.count)
    var mismatches: [String] = []
    for (index, item) in cases.enumerated() where index < jsValues.count && index < pyValues.count {
      let swift = Self.swift(item)
      for (name, other) in [("model.js", jsValues[index]), ("upload_model.py", pyValues[index])]
      where !zip(swift, other).allSatisfy({ abs($0 - $1) <= 1e-9 * max(abs($0), abs($1), 1e-12) }) {
        mismatches.append(
          "\(name) HTTP/\(item.model.http) \(item.model.senderCongestionControl) \(item.model.connection) "
            + "\(item.uplinkBitsPerSecond) bit/s body \(item.inputBytes) \(item.container ?? "identity"): "
            + "\(other) against Swift's \(swift)")
      }
    }
    let disagreeing = mismatches.count
    #expect(disagreeing == 0, "\(disagreeing) disagree, first: \(mismatches.prefix(3).joined(separator: "; "))")
  }
}
