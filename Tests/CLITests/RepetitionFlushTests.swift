import DeflateBenchMeasurement
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `run`'s flush of results.json after a repetition (the first, then at most one every 2 s): put in place through the `EventGate`,
/// refused once the gate is sealed, and never holding the gate while it waits for the disk, so
/// Ctrl-C (which seals the gate) is not held up by a slow write.
@Suite("run: the results flush after repetitions")
struct RepetitionFlushTests {
  /// What the results folder holds; nothing when it was never made.
  static func entries(_ scratch: ScratchDirectory) throws -> [String] {
    guard FileManager.default.fileExists(atPath: scratch.path("out")) else { return [] }
    return try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted()
  }

  /// A flush into the scratch directory's `out`, which does not exist yet.
  static func flush(into scratch: ScratchDirectory, gate: EventGate = EventGate()) -> RepetitionFlush {
    RepetitionFlush(
      folder: scratch.url.appendingPathComponent("out"), force: false, gate: gate, cancellation: CancellationFlag())
  }

  @Test("a flush through an open gate puts results.json in place and leaves no temporary file")
  func flushLands() throws {
    let scratch = try ScratchDirectory("flush-lands")
    let flush = Self.flush(into: scratch)
    flush.write(makeFixtureDocument())
    #expect(flush.error == nil)
    #expect(try Self.entries(scratch) == ["results.json"])
    #expect(try scratch.jsonObject("out/results.json")?["complete"] as? Bool == true)
  }

  @Test("the first repetition is flushed; a later one only when 2 s have passed since the last flush")
  func flushInterval() throws {
    let scratch = try ScratchDirectory("flush-interval")
    let flush = Self.flush(into: scratch)
    #expect(flush.interval == 2)
    #expect(flush.isDue(now: 5))
    flush.write(makeFixtureDocument(), now: 1_000_000_000)
    #expect(!flush.isDue(now: 1_000_000_001))
    #expect(!flush.isDue(now: 2_999_999_999))
    #expect(flush.isDue(now: 3_000_000_000))
    #expect(flush.error == nil)
    #expect(try Self.entries(scratch) == ["results.json"])
  }

  @Test("a flush after the gate was sealed leaves neither results.json nor a temporary file")
  func sealedGateRefuses() throws {
    let scratch = try ScratchDirectory("flush-sealed")
    let gate = EventGate()
    let flush = Self.flush(into: scratch, gate: gate)
    gate.seal()
    flush.write(makeFixtureDocument())
    #expect(flush.error == nil)
    #expect(try Self.entries(scratch).isEmpty)
  }

  @Test("the gate seals while a flush is stuck writing: the slow write happens outside the gate")
  func sealDoesNotWaitForTheWrite() throws {
    let scratch = try ScratchDirectory("flush-stuck")
    let folder = try scratch.makeFolder("out")
    // results.json is a FIFO whose reader reads nothing yet: the flush writes through it (as
    // OutputFile does for a FIFO) and blocks once the pipe is full, as a write or fsync to a disk
    // that does not answer would. The document is larger than any pipe's default capacity.
    let path = scratch.path("out/results.json")
    try #require(mkfifo(path, 0o600) == 0)
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let gate = EventGate()
    let flush = RepetitionFlush(folder: folder, force: true, gate: gate, cancellation: CancellationFlag())
    let document = makeFixtureDocument(warnings: [String(repeating: "w", count: 1 << 20)])
    let written = DispatchSemaphore(value: 0)
    let transfer = UncheckedBox((flush, document))
    Thread.detachNewThread {
      transfer.value.0.write(transfer.value.1)
      written.signal()
    }
    // Bytes in the pipe: the flush is inside its write, and stays there until they are read.
    var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
    try #require(Glibc.poll(&ready, 1, 30_000) == 1, "the flush never started writing")

    let sealed = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      gate.seal()
      sealed.signal()
    }
    let sealedWhileStuck = sealed.wait(timeout: .now() + 10) == .success
    // Let the writer finish either way, so the test ends.
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while written.wait(timeout: .now()) == .timedOut {
      ready.revents = 0
      _ = Glibc.poll(&ready, 1, 100)
      _ = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
    }
    #expect(sealedWhileStuck, "seal waited for the flush's write")
    if !sealedWhileStuck { sealed.wait() }
    #expect(flush.error == nil)
    // The gate refused the late flush: nothing but the FIFO itself in the folder.
    #expect(try Self.entries(scratch) == ["results.json"])
  }
}

/// Hands values that are not Sendable to one other thread, which alone uses them meanwhile.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
