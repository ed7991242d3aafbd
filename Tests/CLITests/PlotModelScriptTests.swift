import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

/// scripts/upload_model.py (the checkers' Python model; the charts draw Swift's curves) against
/// the Swift model's hand-computed cases (UploadModelTests,
/// HTTPFramingTests): every HTTP version and sender, not only the defaults a run writes, which
/// the verdict check covers.
@Suite(
  "plotting model script",
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs /usr/bin/python3"))
struct PlotModelScriptTests {
  @Test("upload_model.py gives the Swift model's hand-computed times and request bytes")
  func matchesHandComputations() throws {
    // The formula's constants as results.json carries them (`model.framing`), for the defaults.
    let framing = String(
      decoding: try SnakeCaseKeys.encoder([.sortedKeys]).encode(HTTPFraming.table(ModelParameters.standard)),
      as: UTF8.self)
    let script = """
      import json, sys
      sys.path.insert(0, "scripts")
      from upload_model import Model
      framing = json.loads('\(framing)')
      def model(http="1.1", cc="cubic", connection="warm"):
          return Model(mss_bytes=1448, initial_window_segments=10, cold_handshake_round_trips=2,
                       request_head_bytes=200, connection=connection, links=(), devices=(),
                       packet_header_bytes=52, sender_congestion_control=cc, http=http, framing=framing)
      out = [
          model().request_seconds(10000, 10000, 125000, 0.1),
          model().request_seconds(49800, 49800, 1250000, 0.1),
          model(connection="cold").request_seconds(49800, 49800, 1250000, 0.1),
          model(cc="bbr").request_seconds(49800, 49800, 1250000, 0.1),
          model(http="2").request_bytes(224, 9800, True),
          model(http="2").request_bytes(200, 100000, False),
          model(http="2", connection="cold").request_bytes(224, 9800, True),
          model(http="3").request_bytes(224, 9800, True),
          model(http="3").deliver_seconds(9822, 125000, 0.1),
      ]
      print(" ".join(repr(x) for x in out))
      """
    let output = try ProcessRunner.run(
      "/usr/bin/python3", arguments: ["-c", script], currentDirectory: DeflateBenchExecutable.packageRoot.path)
    #expect(output.succeeded, "\(output)")
    let values = output.stdoutText.split(separator: " ").compactMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    let expected = [0.184928, 0.310256, 0.507856, 0.141456, 9_855, 100_241, 10_064, 9_822, 0.082736]
    #expect(values.count == expected.count, "\(output.stdoutText)")
    for (value, want) in zip(values, expected) {
      #expect(abs(value - want) < 1e-9, "\(value) against \(want)")
    }
  }

  /// The idle-gap term has no hand computation: each case is a sender played packet by packet. So
  /// the Python copy (scripts/kernel_sender.py through upload_model.py) is set against Swift's
  /// own `startWindowSegments` and `deliverSeconds` on links from 3g to wifi, bodies from one
  /// segment to 1 MB and gaps from 0.5 s to 30 s: every window equal, every time within 1e-9.
  @Test("upload_model.py with idle_seconds gives Swift's start windows and delivery times")
  func idleGapMatchesSwift() throws {
    let links: [(Double, Double)] = [(50_000, 0.4), (84_375, 0.15), (625_000, 0.06), (2_825_000, 0.014)]
    let bodies: [Double] = [1_000, 14_600, 30_100, 100_100, 300_100, 1_000_100]
    let gaps: [Double] = [0.5, 1, 5, 15, 30]
    var cases: [(bytes: Double, rate: Double, rtt: Double, idle: Double)] = []
    for (rate, rtt) in links {
      for bytes in bodies { for idle in gaps { cases.append((bytes, rate, rtt, idle)) } }
    }
    var swift: [String] = []
    for item in cases {
      var parameters = ModelParameters(
        mssBytes: 1448, initialWindowSegments: 10, coldHandshakeRoundTrips: 2, http: "1.1", requestHeadBytes: 200,
        requestHeadSource: "test", links: [], devices: [])
      parameters.idleSeconds = item.idle
      let link = LinkPreset(
        name: "t", uplinkBitsPerSecond: item.rate * 8, rttMilliseconds: item.rtt * 1000, source: "test")
      let window = try #require(UploadModel.startWindowSegments(bytes: item.bytes, link: link, parameters: parameters))
      let deliver = UploadModel.deliverSeconds(bytes: item.bytes, link: link, parameters: parameters)
      swift.append("\(Int(window)) \(deliver)")
    }
    let list = cases.map { "(\($0.bytes), \($0.rate), \($0.rtt), \($0.idle))" }.joined(separator: ", ")
    // The formula's and the sender's constants as results.json carries them.
    let encoder = SnakeCaseKeys.encoder([.sortedKeys])
    let framing = String(decoding: try encoder.encode(HTTPFraming.table(ModelParameters.standard)), as: UTF8.self)
    let sender = String(decoding: try encoder.encode(UploadModel.senderConstants), as: UTF8.self)
    let script = """
      import json, sys
      sys.path.insert(0, "scripts")
      from upload_model import Model
      framing = json.loads('\(framing)')
      sender = json.loads('\(sender)')
      for (b, rate, rtt, idle) in [\(list)]:
          m = Model(mss_bytes=1448, initial_window_segments=10, cold_handshake_round_trips=2,
                    request_head_bytes=200, connection="warm", links=(), devices=(),
                    packet_header_bytes=52, sender_congestion_control="cubic", http="1.1", framing=framing,
                    idle_seconds=idle, sender=sender)
          print(int(m.start_window_segments(b, rate, rtt)), repr(m.deliver_seconds(b, rate, rtt)))
      """
    let output = try ProcessRunner.run(
      "/usr/bin/python3", arguments: ["-c", script], currentDirectory: DeflateBenchExecutable.packageRoot.path)
    #expect(output.succeeded, "\(output)")
    let python = output.stdoutText.split(separator: "\n").map(String.init)
    #expect(python.count == swift.count, "\(output.stdoutText)")
    var windowsSeen = Set<Int>()
    for (index, (mine, theirs)) in zip(swift, python).enumerated() {
      let a = mine.split(separator: " ")
      let b = theirs.split(separator: " ")
      windowsSeen.insert(Int(a[0]) ?? 0)
      let close = a[0] == b[0] && abs((Double(a[1]) ?? .nan) - (Double(b[1]) ?? .nan)) <= 1e-9
      #expect(close, "case \(cases[index]): Swift \(mine), Python \(theirs)")
    }
    // The cases reach partial restarts, not only the initial window.
    #expect(windowsSeen.count > 3, "windows \(windowsSeen.sorted())")
  }
}
