import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchMeasurement

@Suite("Reported caches: the sysfs reading the context records and the cold call's sweep uses")
struct ReportedCachesTests {
  @Test("sysfs cache sizes are read in K, M and plain bytes; anything else is refused")
  func parsesSizes() {
    #expect(ReportedCaches.parseSize("32768K\n") == 32 << 20)
    #expect(ReportedCaches.parseSize("1M") == 1 << 20)
    #expect(ReportedCaches.parseSize("512") == 512)
    #expect(ReportedCaches.parseSize("") == nil)
    #expect(ReportedCaches.parseSize("lots") == nil)
  }

  /// A cache folder as Linux lays it out.
  func folder(_ caches: [(level: Int, type: String, size: String)]) throws -> ScratchDirectory {
    let scratch = try ScratchDirectory("sysfs-cache")
    for (index, cache) in caches.enumerated() {
      try scratch.write("index\(index)/level", text: "\(cache.level)\n")
      try scratch.write("index\(index)/type", text: "\(cache.type)\n")
      try scratch.write("index\(index)/size", text: "\(cache.size)\n")
    }
    return scratch
  }

  @Test("L2 and the highest level are read from the data and unified caches, whatever their order")
  func readsL2AndTheLastLevel() throws {
    let epyc = try folder([
      (1, "Data", "32K"), (1, "Instruction", "32K"), (2, "Unified", "512K"), (3, "Unified", "32768K"),
    ])
    #expect(
      ReportedCaches.fromSysfs(epyc.url.path)
        == ReportedCaches(l2Bytes: 512 << 10, lastLevel: 3, lastLevelBytes: 32 << 20, source: "sysfs"))
    let noL3 = try folder([(2, "Instruction", "64K"), (2, "Unified", "4M"), (1, "Data", "64K")])
    #expect(
      ReportedCaches.fromSysfs(noL3.url.path)
        == ReportedCaches(l2Bytes: 4 << 20, lastLevel: 2, lastLevelBytes: 4 << 20, source: "sysfs"))
    let empty = try ScratchDirectory("sysfs-none")
    #expect(ReportedCaches.fromSysfs(empty.url.path) == nil)
  }
}
