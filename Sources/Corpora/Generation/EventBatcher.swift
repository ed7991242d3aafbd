/// Feeds a profile's event stream into payloads by split. Events are generated one by one and
/// written straight into the open batch body, so memory stays near the corpus size.
enum EventBatcher {
  static func fill(
    _ builder: inout PayloadSetBuilder, profile: EventProfile, count: Int, seed: UInt64, split: PayloadSplit
  ) {
    var generator = profile.makeGenerator(seed: seed)
    let fileExtension = profile.batchFileExtension
    switch split {
    case .events(let perBatch):
      var batch = generator.makeBatch()
      var inBatch = 0
      for _ in 0..<count {
        batch.add(generator.next())
        inBatch += 1
        if inBatch == perBatch {
          builder.append(batch.finish(), fileExtension: fileExtension)
          batch = generator.makeBatch()
          inBatch = 0
        }
      }
      if inBatch > 0 { builder.append(batch.finish(), fileExtension: fileExtension) }
    case .lines(let perPayload):
      // NDJSON: one event object per line, as Mixpanel's `application/x-ndjson` import takes.
      var payload: [UInt8] = []
      var lines = 0
      for _ in 0..<count {
        payload.append(contentsOf: generator.next().json)
        payload.append(0x0A)
        lines += 1
        if lines == perPayload {
          builder.append(payload, fileExtension: "ndjson")
          payload = []
          lines = 0
        }
      }
      if lines > 0 { builder.append(payload, fileExtension: "ndjson") }
    case .whole, .bytes:
      // The whole stream as one batch body, then cut by bytes if asked (a chunked upload).
      var batch = generator.makeBatch()
      for _ in 0..<count { batch.add(generator.next()) }
      builder.append(document: batch.finish(), split: split, fileExtension: fileExtension)
    }
  }
}
