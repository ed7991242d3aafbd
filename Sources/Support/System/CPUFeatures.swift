import CCPUID

/// One SIMD feature a library may dispatch on: an instruction set the CPU reports (CPUID) or a
/// register state the operating system saves (XCR0), without which that code must not run.
public enum CPUFeature: String, CaseIterable, Sendable, Codable {
  case sse42 = "sse4.2"
  case avx
  case avx2
  case avx512f, avx512dq, avx512cd, avx512bw, avx512vl
  case avx512vbmi2, gfni, vaes, vpclmulqdq, avx512vnni, avx512bitalg, avx512vpopcntdq
  /// The OS saves XMM and YMM registers (XCR0 bits 1 and 2): AVX code may run.
  case osYMMState = "os-ymm"
  /// The OS saves the opmask and ZMM registers (XCR0 bits 5-7): AVX-512 code may run.
  case osZMMState = "os-zmm"
}

/// The SIMD features of this CPU as this process sees them. Libraries such as ISA-L read the same
/// CPUID and XGETBV bits at their first call to choose between code paths that can write
/// different (equally valid) output; under valgrind both report what valgrind emulates (no
/// AVX-512 in valgrind 3.19), so the same binary takes another path there.
public struct CPUFeatures: Sendable, Equatable, Hashable {
  public var features: Set<CPUFeature>

  public init(_ features: Set<CPUFeature>) { self.features = features }

  /// Read once per process: the answer cannot change while it runs.
  public static let current = CPUFeatures.read()

  public func has(_ feature: CPUFeature) -> Bool { features.contains(feature) }

  /// The features present, in declaration order: `sse4.2, avx, avx2, ..., os-ymm`.
  public var names: [String] { CPUFeature.allCases.filter(features.contains).map(\.rawValue) }

  /// Reads CPUID leaves 1 and 7 and XCR0; empty on a CPU that is not x86.
  public static func read() -> CPUFeatures {
    var leaf1: [UInt32] = [0, 0, 0, 0]
    var leaf7: [UInt32] = [0, 0, 0, 0]
    guard deflatebench_cpuid(1, 0, &leaf1) == 1 else { return CPUFeatures([]) }
    _ = deflatebench_cpuid(7, 0, &leaf7)
    var xcr0: UInt64 = 0
    _ = deflatebench_xgetbv0(&xcr0)
    var found: Set<CPUFeature> = []
    func check(_ register: UInt32, _ bit: UInt32, _ feature: CPUFeature) {
      if register & (1 << bit) != 0 { found.insert(feature) }
    }
    // Bit positions: Intel SDM vol. 2A, CPUID, tables 3-10 and 3-8; ISA-L's reg_sizes.asm uses the same.
    check(leaf1[2], 20, .sse42)
    check(leaf1[2], 28, .avx)
    check(leaf7[1], 5, .avx2)
    check(leaf7[1], 16, .avx512f)
    check(leaf7[1], 17, .avx512dq)
    check(leaf7[1], 28, .avx512cd)
    check(leaf7[1], 30, .avx512bw)
    check(leaf7[1], 31, .avx512vl)
    check(leaf7[2], 6, .avx512vbmi2)
    check(leaf7[2], 8, .gfni)
    check(leaf7[2], 9, .vaes)
    check(leaf7[2], 10, .vpclmulqdq)
    check(leaf7[2], 11, .avx512vnni)
    check(leaf7[2], 12, .avx512bitalg)
    check(leaf7[2], 14, .avx512vpopcntdq)
    if xcr0 & 0x6 == 0x6 { found.insert(.osYMMState) }
    if xcr0 & 0xe0 == 0xe0 { found.insert(.osZMMState) }
    return CPUFeatures(found)
  }
}
