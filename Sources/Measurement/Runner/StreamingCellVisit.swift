import DeflateBenchCodecs
import DeflateBenchResults

/// The streaming forms of a cell (`--streaming`): every payload compressed chunk by chunk with
/// the library's streaming calls, a flush at each chunk's end, timed with the same batch as the
/// whole-body compression, verified on the first visit by the cell's verifier, and uploaded
/// (whole-body against streaming) when the run has `--upload`.
///
/// Only one-thread cells without a dictionary get streaming forms: a streaming uploader is one
/// thread per body, and the streaming compressors take no preset dictionary.
extension CellVisit {
  func streamingSamples(
    _ worker: CellWorker, verifier: any CompressionBackend, passes: Int, into progress: inout CellProgress
  ) throws(VisitFailure) {
    guard cell.threads == 1, cell.dictionary == nil, !settings.streamingChunks.isEmpty else { return }
    for (position, chunkBytes) in settings.streamingChunks.enumerated() {
      if cancellation.isCancelled { return }
      let compressor: any StreamingCompressor
      do throws(CodecError) {
        guard
          let made = try cell.backend.makeStreamingCompressor(level: cell.level, container: cell.container)
        else { return }  // no streaming API: the reports show n/a
        compressor = made
      } catch {
        throw VisitFailure("streaming \(chunkBytes)-byte chunks: \(error.description)")
      }
      let outputs = OutputArena(
        capacities: inputs.sizes.map { worker.compressor.compressBound($0) + Self.flushAllowance($0, chunkBytes) },
        prefaultLimit: InputArena.borrowThreshold)
      let work = StreamingCompressPass(
        compressor: compressor, inputs: inputs.views, outputs: outputs, chunkBytes: chunkBytes)
      let isFirst = progress.streaming.count <= position
      if isFirst {
        _ = try timed([work], passes: 1)
        outputs.publish()
        let measurement = try verifyStreamed(
          outputs, compressor: compressor, chunkBytes: chunkBytes, worker: worker,
          verifier: verifier)
        progress.streaming.append(measurement)
      } else {
        try warmUp([work], batch: passes)
      }
      // The fastest of a few batches, as the whole-body samples are taken (CellVisit+Sampling.swift).
      let timing = try fastestBatch([work], passes: passes)
      if outputs.totalLength != progress.streaming[position].outputBytes {
        throw VisitFailure(
          "streaming \(chunkBytes)-byte chunks: the streamed size changed between passes "
            + "(\(progress.streaming[position].outputBytes) then \(outputs.totalLength) bytes)")
      }
      progress.streaming[position].compressSamplesMBps.append(
        megabytesPerSecond(Double(inputs.totalBytes) * Double(passes), timing.wall))
      if isFirst, let step = uploadStep as? any StreamingUploadStep {
        let request = StreamingUploadCell(
          key: cell.key, backend: cell.backend, level: cell.level, container: cell.container, chunkBytes: chunkBytes,
          originals: payloadSet.payloads, streamedBytes: Array(outputs.lengths),
          compressBytesPerSecond: progress.streaming[position].compressSamplesMBps.last.map { $0 * 1e6 })
        do throws(UploadStepError) {
          progress.streaming[position].upload = try step.uploadStreaming(request)
        } catch {
          throw VisitFailure("streaming upload (\(chunkBytes)-byte chunks) failed: \(error.message)")
        }
      }
    }
  }

  /// Room for what the flushes add beyond the whole-body bound: an empty stored block (zlib,
  /// ISA-L), a block header (zstd) or a metablock header (brotli) per chunk, with margin.
  static func flushAllowance(_ inputBytes: Int, _ chunkBytes: Int) -> Int {
    (inputBytes / max(chunkBytes, 1) + 2) * 64 + 1024
  }

  private func verifyStreamed(
    _ outputs: OutputArena, compressor: any StreamingCompressor, chunkBytes: Int, worker: CellWorker,
    verifier: any CompressionBackend
  ) throws(VisitFailure) -> StreamingMeasurement {
    let decoder: any Decompressor
    do throws(CodecError) {
      decoder = try verifier.makeDecompressor(container: cell.container)
    } catch {
      throw VisitFailure("cannot verify streaming output with \(verifier.name): \(error.description)")
    }
    // The worker's decode slots are free again: its own decoding was checked before this step.
    let check = DecompressPass(decompressor: decoder, inputs: outputs.written, outputs: worker.restored)
    for index in 0..<check.count {
      do throws(CodecError) {
        try check.perform(index)
      } catch {
        throw VisitFailure(
          mismatch(
            payload: index,
            detail: "its \(chunkBytes)-byte streaming form: \(verifier.name) could not decode it: \(error)"))
      }
    }
    if let index = worker.firstMismatch(against: inputs) {
      throw VisitFailure(
        mismatch(payload: index, detail: "its \(chunkBytes)-byte streaming form decoded to different bytes"))
    }
    // What a streaming uploader holds: the library and its output buffer, plus one chunk of input.
    let largestChunk = min(chunkBytes, inputs.sizes.max() ?? 0)
    return StreamingMeasurement(
      chunkBytes: chunkBytes, outputBytes: outputs.totalLength, compressSamplesMBps: [],
      memoryBytes: compressor.peakMemoryBytes + largestChunk, verified: true)
  }
}

/// One pass of streaming compression: each payload fed in chunks of `chunkBytes`, every emitted
/// piece copied into the payload's output slot (where an uploader would write it to a socket).
struct StreamingCompressPass: PassWork {
  let compressor: any StreamingCompressor
  let inputs: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>
  let outputs: OutputArena
  let chunkBytes: Int

  var count: Int { inputs.count }

  func perform(_ index: Int) throws(CodecError) {
    let input = inputs[index]
    let slot = outputs.slots[index]
    var written = 0
    try compressor.reset()
    var start = 0
    repeat {
      let end = min(input.count, start + chunkBytes)
      try compressor.compress(chunk: UnsafeRawBufferPointer(rebasing: input[start..<end]), last: end == input.count) {
        piece throws(CodecError) in
        guard written + piece.count <= slot.count else {
          throw .outputTooSmall(backend: "streaming", capacity: slot.count)
        }
        if let source = piece.baseAddress, let target = slot.baseAddress {
          (target + written).copyMemory(from: source, byteCount: piece.count)
        }
        written += piece.count
      }
      start = end
    } while start < input.count
    outputs.lengths[index] = written
  }
}
