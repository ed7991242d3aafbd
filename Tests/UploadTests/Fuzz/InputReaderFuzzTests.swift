import DeflateBenchRegression
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchCorpora
@testable import DeflateBenchUpload

/// Random and mutated inputs through the three readers issue #25 found wanting, as files a
/// hostile user could hand them: the HAR reader (and the body extraction and the sniffer), the
/// recording index reader (and `--append`'s folder preparation, which once trapped on overflow)
/// and the results.json reader (and the cell validation compare, merge and baseline update share).
/// Nothing may crash or hang; what is accepted must satisfy the reader's promises.
@Suite("Fuzz: HAR, recording index and results.json readers", .serialized)
struct InputReaderFuzzTests {
  static let harSeeds: [[UInt8]] = [
    #"{"log": {"version": "1.2", "entries": [{"request": {"method": "POST", "url": "https://a.example/v1/b;s=1?k=2", "headers": [{"name": "Content-Encoding", "value": "gzip"}], "postData": {"mimeType": "application/json", "text": "H4sIAAAAAAAAA6tWSkksSVSyUkpKLEpVqgUAkX4n0xAAAAA=", "encoding": "base64"}}}]}}"#,
    #"{"log": {"entries": [{"request": {"method": "PUT", "url": "http://u:p@h/x", "postData": {"text": "[1,2,3]"}}}, {"request": {"method": "GET", "url": "h"}}]}}"#,
    #"{"log": {"entries": [{"request": {"method": "POST", "url": "h", "postData": {"text": "AAEC-_8\n", "encoding": "base64"}}}]}}"#,
    #"{"log":"text","stream":"stdout"}"#,
  ].map { Array($0.utf8) }

  static let indexSeeds: [[UInt8]] = [
    #"{"content_encoding":"gzip","content_type":"application/json","decoded_bytes":1101,"file":"000001.json","method":"POST","path":"/v1/batch","received_bytes":243,"sequence":1,"time":"2026-12-01T00:20:14.307Z"}"#
      + "\n"
      + #"{"content_encoding":"identity","decoded_bytes":9223372036854775807,"file":"000002.bin","method":"POST","path":"/","received_bytes":1,"sequence":999999999999,"time":"2026-12-01T00:20:15.000Z"}"#
      + "\n"
  ].map { Array($0.utf8) }

  static let resultsSeeds: [[UInt8]] = {
    var document = makeFixtureDocument(uploadLink: nil, seed: 5)
    document.cells = Array(document.cells.prefix(3))
    let json = (try? JSONReport.encode(document)).map { [UInt8]($0) } ?? []
    return [json]
  }()

  @Test("HAR files: the reader, each body's extraction and the sniffer")
  func harReader() {
    let report = FuzzRun.run("har", seconds: FuzzRun.secondsPerTarget) { generator in
      let input = FuzzMutator.input(from: Self.harSeeds, maxLength: 8192, using: &generator)
      _ = HARSniffer.beginsLikeHAR(input)
      guard let entries = try? HARReader.entries(of: input, path: "fuzz.har") else { return nil }
      for (index, entry) in entries.enumerated() {
        guard let request = entry.request else { continue }
        // A small budget, so a mutated body cannot decode into a large allocation.
        guard
          let body = try? HARRequestBody.extract(request, index: index, path: "fuzz.har", maxDecodedBytes: 1 << 20)
        else { continue }
        if body.bytes.count > 1 << 20 { return "entry \(index) decoded \(body.bytes.count) bytes past the budget" }
        if body.storedDecoded && !body.codings.isEmpty { return "entry \(index) is both decoded and stored decoded" }
      }
      _ = HARRequests.endpoint(String(decoding: input.prefix(200), as: UTF8.self))
      return nil
    }
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(report.inputs > 0)
  }

  @Test("recording index files: the reader and --append's preparation never trap, and accept only sane lines")
  func recordingIndex() throws {
    let scratch = try ScratchDirectory("fuzz-index")
    let folder = scratch.path("rec")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let report = FuzzRun.run("record-index", seconds: FuzzRun.secondsPerTarget) { generator in
      let input = FuzzMutator.input(from: Self.indexSeeds, maxLength: 4096, using: &generator)
      guard FileManager.default.createFile(atPath: folder + "/index.jsonl", contents: Data(input)) else {
        return "cannot write the index"
      }
      if let lines = try? RecordedFolder.validatedIndex(of: folder) {
        for line in lines {
          guard (1...RecordedFolder.maxSequence).contains(line.sequence), line.decodedBytes >= 0,
            line.receivedBytes >= 0, !line.file.contains("/"), !line.file.hasPrefix(".")
          else { return "accepted an insane line: \(line)" }
        }
      }
      do throws(RecordingSetupError) {
        let existing = try RecordFolder.prepare(RecordingOptions(directory: folder, append: true))
        if existing.bytes < 0 || existing.nextSequence < 1 || existing.nextSequence > RecordedFolder.maxSequence {
          return "prepared an impossible state: \(existing)"
        }
      } catch {
        if case .corruptIndex = error {} else { return "unexpected error: \(error)" }
      }
      return nil
    }
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(report.inputs > 0)
  }

  @Test("results.json files: the loader and the cell validation compare, merge and baseline update share")
  func resultsReader() throws {
    let scratch = try ScratchDirectory("fuzz-results")
    let file = scratch.url.appendingPathComponent("results.json")
    let report = FuzzRun.run("results-json", seconds: FuzzRun.secondsPerTarget) { generator in
      let input = FuzzMutator.input(from: Self.resultsSeeds, maxLength: 1 << 17, using: &generator)
      guard FileManager.default.createFile(atPath: file.path, contents: Data(input)) else {
        return "cannot write the file"
      }
      guard let document = try? ResultsDocument.load(from: file) else { return nil }
      if (try? CellSanity.validate(document, run: "fuzz")) != nil {
        for cell in document.cells where cell.error == nil {
          if cell.outputBytes < 0 || cell.inputBytes < 0 { return "accepted a negative size in \(cell.key)" }
          let samples = cell.compressSamplesMBps + cell.decompressSamplesMBps
          if samples.contains(where: { !$0.isFinite || $0 <= 0 || $0 > 1e7 }) {
            return "accepted an impossible sample in \(cell.key)"
          }
        }
      }
      return nil
    }
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(report.inputs > 0)
  }
}
