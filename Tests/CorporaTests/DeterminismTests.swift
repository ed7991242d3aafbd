import DeflateBenchCorpora
import Testing

/// The same configuration and seed give byte-identical payloads on every run and platform. The
/// pinned digests change only when a generator changes on purpose; update them together with
/// a note in the change, since results measured before are then on different data.
@Suite("Determinism")
struct DeterminismTests {
  @Test(arguments: [
    ("json-events:mixpanel:count=200,events=50", "cb48059272660b34fd53c5d4045ad713b89c254c70b2935cfecfdc9f431c064c"),
    ("json-events:segment:count=100,events=50", "43d9709a8692e596468437416e436f065a4c1cec33c3b8e25384d6ffff686e40"),
    ("json-events:otlp-logs:count=100,events=50", "f5b7c9e2e1c8b82872f8c3a53df9b2db1a16a8ec1353e55f9ab24485db9ffee3"),
    ("json-events:sentry:count=10,events=1", "9fd61c73e1e1e1f9b15d0b7a404cfb1df7fc9a028dec86aeec8ecd339cd13b4e"),
    ("binary:random:bytes=65536", "1f92cd17341e1d971ef2dc011ec4fb151bb30f1272244eb2bb702696737950fd"),
    ("binary:sparse:bytes=65536", "f6053d67acfa92d8892a9ece4abd0d89a9fc51f0e53d50e4359b26468c86ba64"),
    ("binary:records:bytes=65536", "d622dd790c60ba4a9d15cb06c6d6df75e5f56024fe167dbb69efb41e7ecf758c"),
    ("binary:image:bytes=65536", "2ee18a79eac5505b49f59a9abf2b035f99e20db662e65c45c3e0bb18733757bb"),
    ("binary:zeros:bytes=65536", "de2f256064a0af797747c2b97505dc0b9f3df0de4f489eac731c23ae9ca9cc31"),
  ])
  func pinnedDigests(spec: String, sha256: String) throws {
    let set = try CorpusSpec.parse(spec).makePayloadSets()[0]
    #expect(set.sha256 == sha256, "\(spec)")
  }

  @Test func sameSeedSameBytesOtherSeedOtherBytes() throws {
    let definition = try CorpusSpec.parse("json-events:segment:count=30,events=10,seed=9")
    let first = try definition.makePayloadSets()[0]
    let second = try definition.makePayloadSets()[0]
    #expect(first.payloads == second.payloads)
    let overridden = try definition.makePayloadSets(seedOverride: 10)[0]
    #expect(overridden.sha256 != first.sha256)
    let explicit = try CorpusSpec.parse("json-events:segment:count=30,events=10,seed=10").makePayloadSets()[0]
    #expect(overridden.sha256 == explicit.sha256)
  }

  @Test func binaryKindsHaveTheirCharacter() throws {
    func bytes(_ profile: String) throws -> [UInt8] {
      Array(try CorpusSpec.parse("binary:\(profile):bytes=40000").makePayloadSets()[0].payloads[0])
    }
    let zeros = try bytes("zeros")
    #expect(zeros.count == 40000 && zeros.allSatisfy { $0 == 0 })
    let random = try bytes("random")
    #expect(Set(random).count == 256)
    let sparse = try bytes("sparse")
    let zeroShare = sparse.filter { $0 == 0 }.count * 100 / sparse.count
    #expect(zeroShare > 50 && zeroShare < 95, "mostly zero pages: \(zeroShare)%")
    let records = try bytes("records")
    #expect(records.count == 40000)
    // The timestamp field (first 8 bytes of each 32-byte record) only moves forward.
    let stamps = stride(from: 0, to: records.count - 32, by: 32).map { offset in
      (0..<8).reduce(UInt64(0)) { $0 | UInt64(records[offset + $1]) << (8 * UInt64($1)) }
    }
    #expect(stamps == stamps.sorted())
    let image = try bytes("image")
    // Neighbouring pixels of a smooth image differ little.
    let steps = stride(from: 3, to: image.count, by: 3).map { abs(Int(image[$0]) - Int(image[$0 - 3])) }
    #expect(steps.reduce(0, +) / steps.count < 12)
  }
}
