import DeflateBenchSupport
import Testing

@Suite("Seeded sampling")
struct StatisticsSamplingGeneratorTests {
  @Test("Seeding goes through SplitMix64, so seed 42 gives a fixed stream")
  func seededStreamIsFixed() {
    var generator = Xoshiro256StarStar(seed: 42)
    // Computed with a separate Python transcription of the reference C code.
    #expect(
      (0..<3).map { _ in generator.next() } == [
        1_546_998_764_402_558_742, 6_990_951_692_964_543_102, 12_544_586_762_248_559_009,
      ])
  }

  @Test("Bounded indices stay in range and cover every value about equally")
  func boundedIndicesAreUniform() {
    var generator = Xoshiro256StarStar(seed: 7)
    var counts = [Int](repeating: 0, count: 6)
    for _ in 0..<60_000 { counts[generator.nextIndex(below: 6)] += 1 }
    // Each count is Binomial(60000, 1/6): mean 10000, sd about 91; 6 sd is a loose but real bound.
    for count in counts { #expect(abs(count - 10_000) < 550) }
    var one = Xoshiro256StarStar(seed: 1)
    #expect((0..<100).allSatisfy { _ in one.nextIndex(below: 1) == 0 })
  }
}
