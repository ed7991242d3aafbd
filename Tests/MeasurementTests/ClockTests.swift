import Testing

@testable import DeflateBenchMeasurement

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("System clock")
struct ClockTests {
  @Test("wall time never goes backwards")
  func wallIsMonotonic() {
    let clock = SystemClock()
    var previous = clock.wallNanoseconds()
    for _ in 0..<10_000 {
      let now = clock.wallNanoseconds()
      #expect(now >= previous)
      previous = now
    }
  }

  @Test("thread CPU time advances while the thread computes")
  func cpuAdvancesWithWork() {
    let clock = SystemClock()
    let start = clock.threadCPUNanoseconds()
    var state: UInt64 = 1
    var spins = 0
    // Spin until the CPU clock moves: no fixed duration is assumed, only that it eventually does.
    while clock.threadCPUNanoseconds() == start && spins < 100_000_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1
      spins += 1
    }
    #expect(clock.threadCPUNanoseconds() > start)
    #expect(state != 0)
  }

  @Test("CPU time of a sleeping thread stays far below its wall time")
  func cpuExcludesSleep() async throws {
    let clock = SystemClock()
    let wallStart = clock.wallNanoseconds()
    let cpuStart = clock.threadCPUNanoseconds()
    usleep(50_000)
    let wall = clock.wallNanoseconds() - wallStart
    let cpu = clock.threadCPUNanoseconds() - cpuStart
    #expect(wall >= 50_000_000)
    #expect(cpu < wall / 2)
  }
}
