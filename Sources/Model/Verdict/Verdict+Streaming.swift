import DeflateBenchResults

extension Verdict {
  /// One measured streaming form of a candidate, as the streaming model sees it: the streamed
  /// bytes per request and the streaming calls' headline speed (`HeadlineSpeed`).
  struct StreamingOption {
    let candidate: VerdictCandidate
    let form: StreamingMeasurement
    let request: UploadModel.Request

    init?(_ candidate: VerdictCandidate, _ form: StreamingMeasurement) {
      let payloads = Double(candidate.cell.payloads)
      guard form.verified, form.outputBytes > 0,
        let speed = HeadlineSpeed.value(ofSorted: form.compressSamplesMBps.filter(\.isFinite).sorted()), speed > 0
      else { return nil }
      self.candidate = candidate
      self.form = form
      var request = candidate.request
      request.wireBytes = Double(form.outputBytes) / payloads
      request.compressBytesPerSecond = speed * 1e6
      self.request = request
    }

    /// The mean over the set's bodies of one streaming request, each body at its own size (its
    /// streamed bytes at the form's set-wide ratio), with the cold call's extra for a compressor
    /// made per request: the terms the whole-body estimate it is set against charges.
    func seconds(
      bodies: [Double], _ link: LinkPreset, _ device: DeviceClass, _ parameters: ModelParameters
    ) -> Double {
      let ratio = Double(form.outputBytes) / Double(max(candidate.cell.inputBytes, 1))
      let setup = parameters.reusesCompressor ? 0 : max(0, candidate.setup.median) * device.compressSlowdown
      let total = bodies.reduce(0.0) { sum, size in
        var body = request
        body.inputBytes = size
        body.wireBytes = size * ratio
        return sum + setup
          + StreamingUploadModel.seconds(
            body, chunkBytes: form.chunkBytes, link: link, device: device, parameters: parameters)
      }
      return total / Double(max(bodies.count, 1))
    }
  }

  /// Fills the row's whole-body-or-streaming fields: the fastest streaming form among the
  /// candidates whose bodies span more than one chunk (for a body of one chunk streaming is the
  /// whole-body upload with chunk framing, so there is nothing to compare), against the row's
  /// whole-body answer. Both sides put each of `bodies` through the model at its own size.
  /// Exact ties go to the smaller output, then the lower level, then the name.
  static func compareStreaming(
    _ row: inout VerdictRow, _ candidates: [VerdictCandidate], best: Pick?, bodies: [Double], link: LinkPreset,
    device: DeviceClass, parameters: ModelParameters
  ) {
    let options = candidates.flatMap { candidate in
      (candidate.cell.streaming ?? []).compactMap { form in
        Double(form.chunkBytes) < candidate.request.inputBytes ? StreamingOption(candidate, form) : nil
      }
    }
    let timed = options.map { (option: $0, seconds: $0.seconds(bodies: bodies, link, device, parameters)) }
    guard
      let pick = timed.min(by: { a, b in
        if a.seconds != b.seconds { return a.seconds < b.seconds }
        if a.option.form.outputBytes != b.option.form.outputBytes {
          return a.option.form.outputBytes < b.option.form.outputBytes
        }
        if a.option.candidate.cell.level != b.option.candidate.cell.level {
          return a.option.candidate.cell.level < b.option.candidate.cell.level
        }
        return a.option.candidate.setting < b.option.candidate.setting
      })
    else { return }
    let cell = pick.option.candidate.cell
    let wholeMs = row.compress ? (best?.seconds ?? 0) * 1000 : row.identityMs
    row.streamingBackend = cell.backend
    row.streamingLevel = cell.level
    row.streamingContainer = cell.container
    row.streamingChunkBytes = pick.option.form.chunkBytes
    row.streamingMs = pick.seconds * 1000
    row.streamingSavingMs = wholeMs - pick.seconds * 1000
    row.stream = pick.seconds * 1000 < wholeMs
    row.wholeBodyBufferBytes = row.compress ? best?.candidate.request.wireBytes : 0
    row.streamingBufferBytes = pick.option.form.memoryBytes
    if device.name == DeviceClass.this.name, let upload = pick.option.form.upload, upload.link == link.name {
      let payloads = Double(cell.payloads)
      row.measuredStreamingMs = upload.streamingMs / payloads
      row.measuredWholeBodyMs = upload.wholeBodyMs / payloads
    }
  }
}
