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
}
