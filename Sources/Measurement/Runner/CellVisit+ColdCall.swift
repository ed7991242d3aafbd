import DeflateBenchCodecs

extension CellVisit {
  /// One cold call and its warm twin, on the same body: the payload of the set's median size.
  ///
  /// Warm: a context made for this visit and warmed on that payload compresses it again, with
  /// context and payload in cache, in a batch calibrated to min-time like every sample. Cold:
  /// the caches evicted, then a fresh context made, compressing that payload and freed, one
  /// call. Both are CPU time of the calling thread, taken back to back, so the load other
  /// processes put on the machine (which moves by tens of percent between the repetitions of a
  /// long run) weighs on both alike, and both time the same bytes: the set's warm time per body
  /// is a mean over bodies of other sizes, and a call's cost is not proportional to its size.
  ///
  /// Returns the pair; the caller keeps it only when the whole visit completes.
  func measureColdCall(
    _ progress: inout CellProgress
  ) throws(VisitFailure) -> (coldMicroseconds: Double, warmMicroseconds: Double) {
    let median = Self.medianPayloadIndex(inputs.views)
    let input = inputs.views[median]
    let twin: any Compressor
    do throws(CodecError) {
      twin = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    } catch {
      throw VisitFailure(error.description)
    }
    // Its own output buffer: the workers' slots hold the outputs that are uploaded. It is not
    // prefilled: the warm twin's first call below (untimed, or timed only to calibrate) writes the
    // pages the output needs, so no timed call pays a page fault, and a large body costs the pages
    // of its compressed size rather than of compressBound (200 MB for a 200 MB body).
    let output = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(twin.compressBound(input.count), 1), alignment: 64)
    defer { output.deallocate() }

    let warm = [WarmCallPass(compressor: twin, input: input, output: output)]
    let passes: Int
    if let known = progress.warmCallPasses {
      // One untimed call brings the context's tables and the payload into cache.
      _ = try timed(warm, passes: 1)
      passes = known
    } else {
      let first = try timed(warm, passes: 1)
      passes = try calibrate(warm, firstPass: first.wall)
      progress.warmCallPasses = passes
    }
    let warmTiming = try timed(warm, passes: passes)

    let cold = [
      ColdCallPass(backend: cell.backend, level: cell.level, container: cell.container, input: input, output: output)
    ]
    CacheEvictor.shared.evict()
    let coldTiming = try timed(cold, passes: 1)
    // CPU time of the calling thread, not wall time: one call of tens of microseconds either
    // fits a scheduler slice or loses a whole one to another process, and the cache misses and
    // page faults a cold call pays are CPU time too.
    return (Double(max(coldTiming.cpu, 1)) / 1000, Double(max(warmTiming.cpu, 1)) / 1000 / Double(passes))
  }
}
