import DeflateBenchCodecs
import Foundation

/// A known extra cost, for measuring how well the gates detect a regression
/// (scripts/detection-power.sh): with `DEFLATEBENCH_INJECT_EXTRA_WORK=BACKEND:PERCENT` in the
/// environment, a pass of BACKEND's compression over a payload set compresses PERCENT % of the
/// set's bytes a second time, into a scratch buffer: whole payloads where they fit in that budget
/// (every call has a fixed cost, so re-compressing a sliver of each small payload would add far
/// more than PERCENT %), and the rest as a prefix of the largest payload. The output is
/// unchanged, so only the cost moves (the measured instruction counts say exactly how much). Read
/// once, at the first cell; a run with it set says so in its warnings, so it can never pass for
/// a real one.
struct InjectedExtraWork: EnvironmentTestHook, Equatable {
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

  var value: String { "\(backend):\(fraction * 100)" }
  var effect: String { "every \(backend) compression does \(fraction * 100) % extra work" }
  static let purpose = "a test of the regression gates"

  /// `compressor`, wrapped when it belongs to the injected backend. `sizes` are the payload
  /// sizes of the set, in the order a pass compresses them.
  static func wrap(_ compressor: any Compressor, backend: String, sizes: [Int]) -> any Compressor {
    guard let current, current.backend == backend, !sizes.isEmpty else { return compressor }
    return ExtraWorkCompressor(base: compressor, extraBytes: extraBytes(sizes: sizes, fraction: current.fraction))
  }

  /// How many bytes of each payload a pass compresses again: whole payloads while they fit in
  /// the budget, then a prefix of the largest payload for what is left.
  static func extraBytes(sizes: [Int], fraction: Double) -> [Int] {
    var budget = Int((Double(sizes.reduce(0, +)) * fraction).rounded())
    var extra = [Int](repeating: 0, count: sizes.count)
    for (index, size) in sizes.enumerated() where size > 0 && size <= budget {
      extra[index] = size
      budget -= size
    }
    if budget > 0, let largest = sizes.indices.filter({ extra[$0] == 0 }).max(by: { sizes[$0] < sizes[$1] }) {
      extra[largest] = min(budget, sizes[largest])
    }
    return extra
  }
}

/// A compressor that compresses some inputs a second time; see `InjectedExtraWork`. It counts
/// its calls to know which payload of the pass it is given (passes always go in order).
final class ExtraWorkCompressor: Compressor {
  private let base: any Compressor
  private let extraBytes: [Int]
  private var position = 0
  /// Made before any timing, like every other buffer of a pass.
  private let scratch: UnsafeMutableRawBufferPointer

  init(base: any Compressor, extraBytes: [Int]) {
    self.base = base
    self.extraBytes = extraBytes
    scratch = .allocate(byteCount: max(base.compressBound(extraBytes.max() ?? 0), 1), alignment: 64)
  }

  deinit { scratch.deallocate() }

  func compressBound(_ inputCount: Int) -> Int { base.compressBound(inputCount) }

  var peakMemoryBytes: Int? { base.peakMemoryBytes }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError) -> Int {
    let written = try base.compress(input, into: output)
    let prefix = min(extraBytes[position], input.count)
    position = (position + 1) % extraBytes.count
    if prefix > 0 { _ = try base.compress(UnsafeRawBufferPointer(rebasing: input[0..<prefix]), into: scratch) }
    return written
  }
}
