/// `events=N` for HAR bodies: a body that is a JSON array of events (a Mixpanel `/import` or
/// `/track` batch, any SDK that posts a bare array) is regrouped into arrays of N elements, each
/// element's bytes kept as recorded, so one session's events can be measured at other batch
/// sizes. Bodies that are not JSON arrays are kept whole and counted in a note.
enum HARBatchRegrouping {
  /// Appends the payloads of `bodies` cut by `events=perBatch`; returns how many bodies were
  /// not JSON arrays and went in whole.
  static func append(_ bodies: [HARRequests.Body], perBatch: Int, into builder: inout PayloadSetBuilder) -> Int {
    var keptWhole = 0
    for body in bodies {
      guard let elements = JSONSyntaxChecker.arrayElements(body.bytes), !elements.isEmpty else {
        keptWhole += 1
        builder.append(body.bytes, fileExtension: body.fileExtension)
        continue
      }
      var start = 0
      while start < elements.count {
        let group = elements[start..<min(start + perBatch, elements.count)]
        var batch: [UInt8] = [UInt8(ascii: "[")]
        for (offset, range) in group.enumerated() {
          if offset > 0 { batch.append(UInt8(ascii: ",")) }
          batch.append(contentsOf: body.bytes[range])
        }
        batch.append(UInt8(ascii: "]"))
        builder.append(batch, fileExtension: "json")
        start += perBatch
      }
    }
    return keptWhole
  }
}
