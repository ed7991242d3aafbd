import DeflateBenchCodecs
import Foundation

/// A known extra cost, for measuring how well the gates detect a regression
/// (scripts/detection-power.sh): with `DEFLATEBENCH_INJECT_EXTRA_WORK=BACKEND:PERCENT` in the
/// environment, every compression by BACKEND also compresses the first PERCENT % of its input a
/// second time, into a scratch buffer. The output is unchanged, so only the cost moves: about
/// PERCENT % more work (the measured instruction counts say exactly how much). Read once, at the
/// first cell; a run with it set says so in its warnings, so it can never pass for a real one.
struct InjectedExtraWork: Sendable, Equatable {
  static let variable = "DEFLATEBENCH_INJECT_EXTRA_WORK"

  let backend: String
  /// 0.02 for 2 %.
  let fraction: Double

  static let current: InjectedExtraWork? = parse(ProcessInfo.processInfo.environment[variable])

  /// `zlib:2` or `libdeflate:0.5`; nil for anything else.
  static func parse(_ text: String?) -> InjectedExtraWork? {
    guard let text, let colon = text.lastIndex(of: ":") else { return nil }
    let backend = String(text[..<colon])
    guard !backend.isEmpty, let percent = Double(text[text.index(after: colon)...]), percent > 0, percent <= 100
    else { return nil }
    return InjectedExtraWork(backend: backend, fraction: percent / 100)
  }

  /// The run's warning while an injection is active.
  static var warnings: [String] {
    guard let current else { return [] }
    return [
      "\(variable) is set: every \(current.backend) compression does \(current.fraction * 100) % extra work "
        + "(a test of the regression gates; these are not real figures)"
    ]
  }

  /// `compressor`, wrapped when it belongs to the injected backend.
  static func wrap(_ compressor: any Compressor, backend: String, largestInput: Int) -> any Compressor {
    guard let current, current.backend == backend else { return compressor }
    return ExtraWorkCompressor(base: compressor, fraction: current.fraction, largestInput: largestInput)
  }
}

/// A compressor that compresses a prefix of every input a second time; see `InjectedExtraWork`.
final class ExtraWorkCompressor: Compressor {
  private let base: any Compressor
  private let fraction: Double
  /// Made before any timing, like every other buffer of a pass.
  private let scratch: UnsafeMutableRawBufferPointer

  init(base: any Compressor, fraction: Double, largestInput: Int) {
    self.base = base
    self.fraction = fraction
    scratch = .allocate(byteCount: max(base.compressBound(largestInput), 1), alignment: 64)
  }

  deinit { scratch.deallocate() }

  func compressBound(_ inputCount: Int) -> Int { base.compressBound(inputCount) }

  var peakMemoryBytes: Int? { base.peakMemoryBytes }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError) -> Int {
    let written = try base.compress(input, into: output)
    let prefix = Int((Double(input.count) * fraction).rounded())
    if prefix > 0 { _ = try base.compress(UnsafeRawBufferPointer(rebasing: input[0..<prefix]), into: scratch) }
    return written
  }
}
