import DeflateBenchModel
import Testing

// Reference values from SciPy 1.10 `scipy.stats.mannwhitneyu` (two-sided; the asymptotic method
// with its default continuity correction), pinned here so the tests do not need SciPy.
@Suite("Mann-Whitney U")
struct StatisticsMannWhitneyTests {
  let males: [Double] = [19, 22, 16, 29, 24]
  let females: [Double] = [20, 11, 17, 12]

  @Test("SciPy's documented example: U = 17, exact p = 1/9")
  func scipyExampleExact() throws {
    let result = try #require(MannWhitneyU.test(males, females))
    #expect(result.method == .exact)
    #expect(result.u1 == 17)
    #expect(result.u2 == 3)
    #expect(abs(result.pValue - 1.0 / 9) < 1e-12)
    #expect(result.z == nil)
    #expect(result.commonLanguageEffect == 17.0 / 20)
  }

  @Test("SciPy's documented example, asymptotic: p = 0.11134688653314041")
  func scipyExampleAsymptotic() throws {
    let result = try #require(MannWhitneyU.test(males, females, method: .asymptotic))
    #expect(result.method == .asymptotic)
    #expect(abs(result.pValue - 0.111_346_886_533_140_41) < 1e-12)
  }

  @Test("Ties use midranks and the tie-corrected variance (SciPy: U = 9, p = 0.09667054340670089)")
  func tiesCorrected() throws {
    let result = try #require(MannWhitneyU.test([1, 2, 2, 3, 4, 5], [2, 3, 3, 6, 7, 8, 9], method: .exact))
    // Ties make the exact distribution invalid, so even an exact request falls back.
    #expect(result.method == .asymptotic)
    #expect(result.u1 == 9)
    #expect(abs(result.pValue - 0.096_670_543_406_700_89) < 1e-12)
  }

  @Test("Twenty against twenty, no ties: exact p = 0.016742393803863068, asymptotic 0.017938612870324673")
  func twentyAgainstTwenty() throws {
    let x: [Double] = [
      100.006, 101.494, 98.629, 95.547, 97.727, 95.042, 100.301, 106.701, 97.539, 96.898, 102.449, 101.784, 100.527,
      95.348, 99.854, 103.477, 93.279, 97.712, 90.494, 93.552,
    ]
    let y: [Double] = [
      94.791, 102.825, 97.663, 105.356, 104.784, 103.065, 91.416, 101.307, 103.757, 104.567, 96.349, 101.611, 99.107,
      99.956, 109.304, 99.962, 103.837, 108.422, 101.082, 103.441,
    ]
    let exact = try #require(MannWhitneyU.test(x, y))
    #expect(exact.method == .exact)
    #expect(exact.u1 == 112)
    #expect(abs(exact.pValue - 0.016_742_393_803_863_068) < 1e-12)
    let asymptotic = try #require(MannWhitneyU.test(x, y, method: .asymptotic))
    #expect(abs(asymptotic.pValue - 0.017_938_612_870_324_673) < 1e-12)
  }

  @Test("51 values with one tie: automatic uses the approximation (SciPy: U = 249.5, p = 0.15759718155053204)")
  func largerSampleWithTie() throws {
    let x: [Double] = [
      100.55, 100.32, 93.87, 100.38, 106.79, 92.26, 104.3, 100.6, 96.79, 110.0, 103.81, 94.0, 100.37, 102.88, 99.06,
      103.41, 99.67, 103.34, 107.19, 96.62, 101.02, 97.68, 100.64, 94.06, 97.1,
    ]
    let y: [Double] = [
      101.02, 106.49, 107.73, 95.38, 98.03, 105.23, 92.04, 99.68, 101.51, 108.29, 105.45, 100.36, 100.16, 100.75,
      109.62, 99.86, 100.48, 103.76, 101.4, 101.01, 96.43, 101.94, 99.78, 107.83, 105.27, 101.88,
    ]
    let result = try #require(MannWhitneyU.test(x, y))
    #expect(result.method == .asymptotic)
    #expect(result.u1 == 249.5)
    #expect(abs(result.pValue - 0.157_597_181_550_532_04) < 1e-12)
  }

  @Test("Complete separation of 3 and 3: exact p = 2/20 = 0.1, the smallest possible")
  func completeSeparation() throws {
    let result = try #require(MannWhitneyU.test([1, 2, 3], [4, 5, 6]))
    #expect(result.u1 == 0)
    #expect(abs(result.pValue - 0.1) < 1e-12)
    #expect(result.commonLanguageEffect == 0)
  }

  @Test("Identical constant samples: p = 1, no NaN")
  func constantSamples() throws {
    let result = try #require(MannWhitneyU.test([5, 5, 5], [5, 5]))
    #expect(result.pValue == 1)
    #expect(result.u1 == 3)
    #expect(result.commonLanguageEffect == 0.5)
  }

  @Test("An empty sample cannot be tested")
  func emptyGivesNil() {
    #expect(MannWhitneyU.test([], [1, 2]) == nil)
    #expect(MannWhitneyU.test([1], [.nan]) == nil)
  }

  @Test("Swapping the samples swaps U and keeps p")
  func symmetric() throws {
    let forward = try #require(MannWhitneyU.test(males, females))
    let backward = try #require(MannWhitneyU.test(females, males))
    #expect(forward.u1 == backward.u2)
    #expect(forward.pValue == backward.pValue)
  }
}
