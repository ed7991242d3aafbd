import Testing

@testable import DeflateBenchMeasurement

/// The shapes `calibrate` measures: payloads cut from a source, and the goals they are held to.
@Suite("Calibration goals and payload cutting")
struct CalibrationGoalTests {
  @Test("payloads are cut one after another from the source, wrapping around")
  func cutsWrappingAround() {
    let goal = CalibrationGoal(label: "t", payloadBytes: 4, payloadCount: 3, tolerance: 0.1)
    let set = goal.payloadSet(cutFrom: [1, 2, 3, 4, 5])
    #expect(set.payloads == [[1, 2, 3, 4], [5, 1, 2, 3], [4, 5, 1, 2]])
    #expect(set.split == "t")
  }

  @Test("a source shorter than one payload is repeated to fill it")
  func shortSourceRepeats() {
    let goal = CalibrationGoal(label: "t", payloadBytes: 7, payloadCount: 1, tolerance: 0.1)
    #expect(goal.payloadSet(cutFrom: [9, 8]).payloads == [[9, 8, 9, 8, 9, 8, 9]])
  }

  @Test("the two shapes: one 1 MB payload within 2 %, 500 of 200 bytes within 5 %")
  func shapes() {
    #expect(CalibrationGoal.all.map(\.label) == ["1mb", "200b"])
    let source = Array(repeating: UInt8(7), count: 1_000)
    #expect(CalibrationGoal.large.payloadSet(cutFrom: source).payloads.map(\.count) == [1_000_000])
    #expect(
      CalibrationGoal.small.payloadSet(cutFrom: source).payloads.map(\.count) == Array(repeating: 200, count: 500))
    #expect(CalibrationGoal.large.isMet(byRatio: 1.019) && !CalibrationGoal.large.isMet(byRatio: 1.021))
    #expect(CalibrationGoal.small.isMet(byRatio: 0.951) && !CalibrationGoal.small.isMet(byRatio: 0.949))
    #expect(!CalibrationGoal.small.isMet(byRatio: .nan))
  }

  @Test("the default source is generated JSON, the same on every call")
  func defaultSource() throws {
    let first = try CalibrationGoal.defaultSource()
    #expect(first.count > 1_000_000)
    #expect(first.first == UInt8(ascii: "["))
    #expect(try CalibrationGoal.defaultSource() == first)
  }
}
