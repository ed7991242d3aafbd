// swift-tools-version:6.2
// 6.2 is the real minimum: the timing loop uses `SendableMetatype` (SE-0470, Swift 6.2).
// DeflateBench: measures DEFLATE and reference codecs on HTTP upload bodies.
import PackageDescription

/// System libraries come from the distribution (see scripts/setup.sh), each behind a
/// module map and a shim header in Sources/CModules.
let systemLibraries: [Target] = [
  .systemLibrary(
    name: "CZlib", path: "Sources/CModules/CZlib", pkgConfig: "zlib",
    providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
  // zlib-ng's native API; Debian 12 has no package, so scripts/install-zlib-ng.sh builds it into
  // /usr/local (whose pkgconfig folder pkg-config searches by default).
  .systemLibrary(
    name: "CZlibNg", path: "Sources/CModules/CZlibNg", pkgConfig: "zlib-ng",
    providers: [.apt(["libz-ng-dev"]), .brew(["zlib-ng"])]),
  .systemLibrary(
    name: "CLibdeflate", path: "Sources/CModules/CLibdeflate", pkgConfig: "libdeflate",
    providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
  .systemLibrary(
    name: "CISAL", path: "Sources/CModules/CISAL", pkgConfig: "libisal",
    providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]),
  // zopfli ships no .pc file; the module map links it by name.
  .systemLibrary(
    name: "CZopfli", path: "Sources/CModules/CZopfli",
    providers: [.apt(["libzopfli-dev"]), .brew(["zopfli"])]),
  .systemLibrary(
    name: "CZstd", path: "Sources/CModules/CZstd", pkgConfig: "libzstd",
    providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]),
  .systemLibrary(
    name: "CBrotli", path: "Sources/CModules/CBrotli", pkgConfig: "libbrotlienc",
    providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]),
]

/// The harness: one library target per stage of the data flow, a thin executable on top.
let libraries: [Target] = [
  // The leaf every stage shares: SHA-256, the seeded generator, EINTR retry, atomic file writes,
  // the CPU's SIMD features, the containers and their Content-Encoding tokens. It re-exports
  // nothing (each file imports libc itself) and depends on nothing of ours but the CPUID shim.
  .target(name: "DeflateBenchSupport", dependencies: ["CCPUID"], path: "Sources/Support"),
  // CPUID and XGETBV as C functions: which SIMD code path a library such as ISA-L picks.
  .target(name: "CCPUID", path: "Sources/CCPUID"),
  // What the C reference loops `calibrate` compares against share: the batch, the clock, the checks.
  .target(name: "CCalibrationLoop", path: "Sources/CCalibrationLoop"),
  // Each backend's C reference loop, beside nothing but its library (Sources/CalibrationLoops/<Library>).
  .target(name: "CZlibLoop", dependencies: ["CCalibrationLoop", "CZlib"], path: "Sources/CalibrationLoops/Zlib"),
  .target(name: "CZlibNgLoop", dependencies: ["CCalibrationLoop", "CZlibNg"], path: "Sources/CalibrationLoops/ZlibNg"),
  .target(
    name: "CLibdeflateLoop", dependencies: ["CCalibrationLoop", "CLibdeflate"],
    path: "Sources/CalibrationLoops/Libdeflate"),
  .target(name: "CISALLoop", dependencies: ["CCalibrationLoop", "CISAL"], path: "Sources/CalibrationLoops/ISAL"),
  // Callgrind's client requests (valgrind/callgrind.h) as C functions, for `run --metric instructions`.
  .target(name: "CCallgrind", path: "Sources/CCallgrind"),
  // Cache-line flush instructions (clflushopt / clflush, dc civac) for the cold call, and where the
  // dynamic linker mapped a library (dlsym, dl_iterate_phdr) so its code can be flushed too.
  .target(
    name: "CCacheFlush", path: "Sources/CCacheFlush",
    linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
  .target(
    name: "DeflateBenchCodecs",
    dependencies: [
      "DeflateBenchSupport", "CZlib", "CZlibNg", "CLibdeflate", "CISAL", "CZopfli", "CZstd", "CBrotli",
      "CCalibrationLoop", "CZlibLoop", "CZlibNgLoop", "CLibdeflateLoop", "CISALLoop",
    ],
    path: "Sources/Codecs", plugins: ["BackendList"]),
  // Corpora decode HAR request bodies that arrived Content-Encoding'd with the codecs' decoders.
  .target(
    name: "DeflateBenchCorpora", dependencies: ["DeflateBenchSupport", "DeflateBenchCodecs"], path: "Sources/Corpora"),
  // The results.json schema and its reading and writing: what Measurement produces and Reports,
  // Regression and the CLI read.
  .target(name: "DeflateBenchResults", dependencies: ["DeflateBenchSupport"], path: "Sources/Results"),
  // The pure model stage: the upload and streaming models, the link and device catalogues, the
  // verdict and answer rules, the reference cell, Pareto and the statistics they rest on. No
  // sockets, no codecs, no files: what it decides follows from results.json alone.
  .target(
    name: "DeflateBenchModel", dependencies: ["DeflateBenchSupport", "DeflateBenchResults"], path: "Sources/Model"),
  .target(
    name: "DeflateBenchMeasurement",
    dependencies: [
      "DeflateBenchSupport", "DeflateBenchCodecs", "DeflateBenchCorpora", "DeflateBenchResults", "DeflateBenchModel",
      "CCallgrind", "CCacheFlush",
    ],
    path: "Sources/Measurement"),
  .target(
    name: "DeflateBenchUpload",
    dependencies: [
      "DeflateBenchSupport", "DeflateBenchCodecs", "DeflateBenchCorpora", "DeflateBenchMeasurement",
      "DeflateBenchResults", "DeflateBenchModel",
    ],
    path: "Sources/Upload"),
  // Reports renders results.json and the model's decisions; it measures nothing and opens no socket.
  // report.html's template, styles and scripts are files, inlined into the page when it is written.
  .target(
    name: "DeflateBenchReports",
    dependencies: ["DeflateBenchSupport", "DeflateBenchCodecs", "DeflateBenchResults", "DeflateBenchModel"],
    path: "Sources/Reports", resources: [.copy("HTML/Assets")]),
  // The userspace delay line (two TUN devices, a rate-limited FIFO, a fixed delay) that
  // `linkcheck` emulates a link with where the kernel has no netem.
  .target(name: "CDelayLine", path: "Sources/CDelayLine"),
  // `linkcheck`: the upload model against the kernel's own TCP through that delay line.
  .target(
    name: "DeflateBenchLinkCheck",
    dependencies: [
      "DeflateBenchSupport", "DeflateBenchMeasurement", "DeflateBenchResults", "DeflateBenchModel",
      "DeflateBenchUpload", "CDelayLine",
    ],
    path: "Sources/LinkCheck"),
  .target(
    name: "DeflateBenchRegression",
    dependencies: ["DeflateBenchSupport", "DeflateBenchMeasurement", "DeflateBenchResults", "DeflateBenchModel"],
    path: "Sources/Regression"),
  .target(
    name: "DeflateBenchCLI",
    dependencies: [
      "DeflateBenchSupport", "DeflateBenchCodecs", "DeflateBenchCorpora", "DeflateBenchMeasurement",
      "DeflateBenchResults", "DeflateBenchModel", "DeflateBenchReports", "DeflateBenchUpload", "DeflateBenchRegression",
      "DeflateBenchLinkCheck",
    ],
    path: "Sources/CLI"),
  .executableTarget(name: "deflate-bench", dependencies: ["DeflateBenchCLI"], path: "Sources/deflate-bench"),
]

/// The build-time listing of the backends: the BackendList plugin, applied to the Codecs target,
/// runs the generator on the Swift files under Sources/Codecs/Backends/<Folder>/ and compiles in
/// the list of the backend each folder declares, so adding a backend is adding its folder
/// (docs/backends.md, "Adding a backend").
let buildTools: [Target] = [
  .executableTarget(name: "BackendListGenerator", path: "Sources/BackendListGenerator"),
  .plugin(
    name: "BackendList", capability: .buildTool(), dependencies: ["BackendListGenerator"], path: "Plugins/BackendList"),
]

let tests: [Target] = [
  .testTarget(
    name: "CodecsTests", dependencies: ["DeflateBenchSupport", "DeflateBenchCodecs", "TestSupport"],
    path: "Tests/CodecsTests"),
  .testTarget(
    name: "CorporaTests", dependencies: ["DeflateBenchSupport", "DeflateBenchCorpora", "TestSupport"],
    path: "Tests/CorporaTests"),
  .testTarget(
    name: "MeasurementTests",
    dependencies: [
      "DeflateBenchSupport", "DeflateBenchCodecs", "DeflateBenchCorpora", "DeflateBenchResults", "DeflateBenchModel",
      "DeflateBenchMeasurement", "TestSupport",
    ],
    path: "Tests/MeasurementTests"),
  .testTarget(
    name: "ReportsTests",
    dependencies: [
      "DeflateBenchCodecs", "DeflateBenchResults", "DeflateBenchModel", "DeflateBenchReports", "TestSupport",
    ],
    path: "Tests/ReportsTests"),
  .testTarget(
    name: "UploadTests",
    dependencies: [
      "DeflateBenchSupport", "DeflateBenchCodecs", "DeflateBenchCorpora", "DeflateBenchResults", "DeflateBenchModel",
      "DeflateBenchMeasurement", "DeflateBenchUpload", "DeflateBenchRegression", "TestSupport",
    ],
    path: "Tests/UploadTests"),
  .testTarget(
    name: "RegressionTests",
    dependencies: [
      "DeflateBenchSupport", "DeflateBenchCodecs", "DeflateBenchCorpora", "DeflateBenchResults", "DeflateBenchModel",
      "DeflateBenchMeasurement", "DeflateBenchRegression", "DeflateBenchReports", "TestSupport",
    ],
    path: "Tests/RegressionTests"),
  .testTarget(
    name: "CLITests",
    dependencies: [
      "DeflateBenchSupport", "DeflateBenchCodecs", "DeflateBenchCorpora", "DeflateBenchResults", "DeflateBenchModel",
      "DeflateBenchMeasurement", "DeflateBenchUpload", "DeflateBenchReports", "DeflateBenchCLI", "TestSupport",
    ],
    path: "Tests/CLITests"),
  // Helpers the test targets share: running the built executable and outside tools, fixtures.
  .target(
    name: "TestSupport",
    dependencies: [
      "DeflateBenchSupport", "DeflateBenchCodecs", "DeflateBenchCorpora", "DeflateBenchResults", "DeflateBenchModel",
    ],
    path: "Tests/TestSupport"),
]

let package = Package(
  name: "DeflateBench",
  platforms: [.macOS(.v15)],
  products: [.executable(name: "deflate-bench", targets: ["deflate-bench"])],
  targets: systemLibraries + libraries + buildTools + tests
)
