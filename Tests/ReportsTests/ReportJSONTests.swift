import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@Suite("JSON report")
struct ReportJSONTests {
  @Test("Encoding then decoding gives back an equal document")
  func roundTrip() throws {
    let document = makeFixtureDocument(complete: false, warnings: ["load average 3.1 is high"])
    let decoded = try JSONReport.decode(JSONReport.encode(document), path: "memory")
    #expect(decoded == document)
  }

  @Test("Optional fields survive both ways: present and absent")
  func optionalFields() throws {
    var context = makeFixtureContext()
    context.shard = "2/4"
    context.loadAverage = nil
    context.governor = nil
    let cells = [
      makeFixtureCell(memoryBytes: nil, error: "failed"),
      makeFixtureCell(
        level: 9,
        upload: UploadMeasurement(
          link: "none", uploadMs: 1, uploadIdentityMs: 2, wireBytes: 3, serverVerified: false, modelledMs: nil)),
    ]
    let document = ResultsDocument(complete: true, context: context, corpora: [], cells: cells, warnings: [])
    #expect(try JSONReport.decode(JSONReport.encode(document), path: "memory") == document)
  }

  @Test("Keys are snake_case with the acronyms kept whole, and sorted")
  func keyNames() throws {
    let text = String(decoding: try JSONReport.encode(makeFixtureDocument()), as: UTF8.self)
    for key in [
      "schema_version", "output_bytes", "compress_samples_mbps", "compress_cpu_samples_mbps",
      "decompress_samples_mbps", "cold_samples_microseconds", "library_versions", "cpu_model", "min_time_seconds",
      "upload_identity_ms", "server_verified", "modelled_ms", "verified_with", "sha256",
    ] {
      #expect(text.contains("\"\(key)\" : "), "missing key \(key)")
    }
    // Computed properties are not stored.
    #expect(!text.contains("machine_fingerprint"))
    #expect(!text.contains("m_bps"))
    // Sorted keys: "cells" precedes "complete", which precedes "context".
    let cells = try #require(text.range(of: "\"cells\""))
    let complete = try #require(text.range(of: "\"complete\""))
    let context = try #require(text.range(of: "\"context\""))
    #expect(cells.lowerBound < complete.lowerBound && complete.lowerBound < context.lowerBound)
    // Backend names inside library_versions are data, not keys to convert.
    #expect(text.contains("\"libdeflate\" : \"1.19\""))
    #expect(text.hasSuffix("}\n"))
  }

  @Test("A document a script wrote by hand with these keys decodes")
  func handWrittenDocument() throws {
    let json = """
      {"schema_version": 1, "complete": true, "warnings": [], "corpora": [],
       "context": {"date": "d", "cpu_model": "c", "logical_cores": 1, "memory_bytes": 1, "os": "o", "kernel": "k",
         "swift_version": "s", "build_configuration": "release", "library_versions": {"zlib_ng": "2"},
         "command_line": "x", "seed": 1, "min_time_seconds": 0.1, "repetitions": 3, "project_version": "p"},
       "cells": [{"corpus": "c", "split": "whole", "payload_bytes": 10, "payloads": 1, "backend": "zlib",
         "version": "1", "container": "gzip", "level": 6, "threads": 1, "input_bytes": 10, "output_bytes": 5,
         "compress_samples_mbps": [1.5], "compress_cpu_samples_mbps": [1.25], "decompress_samples_mbps": [3],
         "cold_samples_microseconds": [4], "verified": true, "verified_with": "libdeflate"}]}
      """
    let document = try JSONReport.decode(Data(json.utf8), path: "hand.json")
    #expect(document.context.libraryVersions == ["zlib_ng": "2"])
    #expect(document.cells.first?.compressCPUSamplesMBps == [1.25])
    #expect(document.cells.first?.memoryBytes == nil)
    #expect(document.cells.first?.upload == nil)
  }

  @Test("A NaN sample cannot be encoded and says so with a typed error")
  func nanRefused() {
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: [makeFixtureCell(compressMBps: [.nan])],
      warnings: [])
    #expect(throws: ResultsWriteError.self) { try JSONReport.encode(document) }
  }
}
