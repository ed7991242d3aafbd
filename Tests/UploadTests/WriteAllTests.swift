import DeflateBenchSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `writingAll`, the one write-all loop (files, standard output, the console, sockets): partial
/// writes go round again, EINTR is retried, any other failure ends it with its errno.
@Suite("writingAll")
struct WriteAllTests {
  @Test("every byte goes out through partial writes and an interrupted call")
  func partialAndInterruptedWrites() {
    let bytes: [UInt8] = Array(0..<100)
    var received: [UInt8] = []
    var calls = 0
    let failure = bytes.withUnsafeBytes { raw in
      writingAll(raw) { pointer, count in
        calls += 1
        if calls == 2 {
          errno = EINTR
          return -1
        }
        let taken = min(count, 7)
        received += UnsafeRawBufferPointer(start: pointer, count: taken)
        return taken
      }
    }
    #expect(failure == nil)
    #expect(received == bytes)
    #expect(calls == 16)  // 15 writes of at most 7 bytes, and the one interrupted
  }

  @Test("a failed call ends it with that call's errno")
  func failureReturnsErrno() {
    let bytes: [UInt8] = Array(repeating: 1, count: 10)
    var calls = 0
    let failure = bytes.withUnsafeBytes { raw in
      writingAll(raw) { _, count in
        calls += 1
        guard calls == 1 else {
          errno = EPIPE
          return -1
        }
        return count / 2
      }
    }
    #expect(failure == EPIPE)
    #expect(calls == 2)
  }
}
