import DeflateBenchSupport

extension IsalBackend {
  /// Level 3 matches with `gen_icf_map_lh1` and `set_long_icf_fg`, which ISA-L (2.30) dispatches
  /// with `mbin_dispatch_init6` at their first call: the base C version, `_04` with AVX2, `_06`
  /// with AVX-512. The three find different matches, so the same input compresses to different
  /// valid streams (measured on an AVX-512 Xeon: 45,630 bytes natively, 45,633 under valgrind,
  /// which emulates no AVX-512). Levels 0-2 dispatch too, but every path writes the same bytes.
  public func codePath(level: Int, cpu: CPUFeatures) -> String? {
    level == 3 ? Self.level3Path(on: cpu).rawValue : nil
  }

  /// The versions of the level-3 matcher, named after the instruction set each needs.
  public enum Level3Path: String, Sendable, CaseIterable {
    case base, avx2, avx512
  }

  /// The matcher `mbin_dispatch_init6` picks, in its order of tests: SSE4.2, then the OS saving
  /// YMM state and AVX (the SSE and AVX slots hold the base version too), then AVX2, then the OS
  /// saving ZMM state and AVX-512 F, VL, BW, CD and DQ (`FLAGS_CPUID7_EBX_AVX512_G1`).
  public static func level3Path(on cpu: CPUFeatures) -> Level3Path {
    guard cpu.has(.sse42), cpu.has(.osYMMState), cpu.has(.avx), cpu.has(.avx2) else { return .base }
    let avx512G1: [CPUFeature] = [.avx512f, .avx512vl, .avx512bw, .avx512cd, .avx512dq]
    guard cpu.has(.osZMMState), avx512G1.allSatisfy(cpu.has) else { return .avx2 }
    return .avx512
  }
}
