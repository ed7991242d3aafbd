import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation
import Testing

/// Which backends write CPU-dependent output, and ISA-L's choice of level-3 matcher as its
/// dispatcher (`mbin_dispatch_init6`) makes it.
@Suite("code paths: CPU-dependent output")
struct CodePathTests {
  static let avx2Machine = CPUFeatures([.sse42, .avx, .avx2, .osYMMState])
  static let avx512Machine = CPUFeatures(
    avx2Machine.features.union([.avx512f, .avx512dq, .avx512cd, .avx512bw, .avx512vl, .osZMMState]))

  @Test("ISA-L level 3 takes base, AVX2 or AVX-512 as its dispatcher does")
  func isalLevel3Paths() {
    #expect(IsalBackend.level3Path(on: CPUFeatures([])) == .base)
    // SSE4.2 alone, or AVX without AVX2, still runs the base matcher (the SSE and AVX slots).
    #expect(IsalBackend.level3Path(on: CPUFeatures([.sse42])) == .base)
    #expect(IsalBackend.level3Path(on: CPUFeatures([.sse42, .avx, .osYMMState])) == .base)
    #expect(IsalBackend.level3Path(on: Self.avx2Machine) == .avx2)
    // AVX2 the OS does not save YMM state for must not run.
    #expect(IsalBackend.level3Path(on: CPUFeatures([.sse42, .avx, .avx2])) == .base)
    #expect(IsalBackend.level3Path(on: Self.avx512Machine) == .avx512)
    // AVX-512 instructions without the OS saving ZMM state (valgrind's case is no AVX-512 at all).
    var noZMMState = Self.avx512Machine
    noZMMState.features.remove(.osZMMState)
    #expect(IsalBackend.level3Path(on: noZMMState) == .avx2)
    // All five of F, VL, BW, CD and DQ are needed.
    var noBW = Self.avx512Machine
    noBW.features.remove(.avx512bw)
    #expect(IsalBackend.level3Path(on: noBW) == .avx2)
  }

  @Test("only ISA-L level 3 declares a code path; every other backend and level writes alike")
  func onlyIsalLevel3() {
    for cpu in [CPUFeatures([]), Self.avx2Machine, Self.avx512Machine] {
      for backend in BackendRegistry.all {
        for level in backend.levels {
          let path = backend.codePath(level: level, cpu: cpu)
          if backend.name == "isal" && level == 3 {
            #expect(path == IsalBackend.level3Path(on: cpu).rawValue)
          } else {
            #expect(path == nil, "\(backend.name) level \(level)")
          }
        }
      }
    }
  }

  @Test("the CPU's features are read once, in a fixed order, and agree with the kernel's /proc/cpuinfo")
  func currentFeatures() throws {
    let names = CPUFeatures.current.names
    let order = CPUFeature.allCases.map(\.rawValue)
    #expect(names == order.filter(names.contains))
    #expect(CPUFeatures.read() == CPUFeatures.current)
    #if arch(x86_64) && os(Linux)
      // The kernel's own reading of CPUID is the independent judge of the instruction sets.
      let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
      let flagsLine = try #require(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") })
      let kernelFlags = Set(flagsLine.split(separator: ":")[1].split(separator: " ").map(String.init))
      // The features ISA-L's choice rests on. The kernel hides AVX when it does not save YMM
      // state and AVX-512 when it does not save ZMM state, so those pair with the OS state bits.
      let kernelNames: [CPUFeature: String] = [
        .sse42: "sse4_2", .avx: "avx", .avx2: "avx2", .avx512f: "avx512f", .avx512dq: "avx512dq",
        .avx512cd: "avx512cd", .avx512bw: "avx512bw", .avx512vl: "avx512vl",
      ]
      let cpu = CPUFeatures.current
      for (feature, flag) in kernelNames {
        let usable =
          feature == .sse42
          ? cpu.has(feature)
          : feature == .avx || feature == .avx2
            ? cpu.has(feature) && cpu.has(.osYMMState) : cpu.has(feature) && cpu.has(.osZMMState)
        #expect(usable == kernelFlags.contains(flag), "\(flag)")
      }
    #elseif !arch(x86_64)
      #expect(names.isEmpty)
    #endif
  }
}
