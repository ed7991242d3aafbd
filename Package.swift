// swift-tools-version:6.0
// DeflateBench: measures DEFLATE and reference codecs on HTTP upload bodies.
import PackageDescription

/// System libraries come from the distribution (see scripts/setup.sh), each behind a
/// module map and a shim header in Sources/CModules.
let systemLibraries: [Target] = [
  .systemLibrary(
    name: "CZlib", path: "Sources/CModules/CZlib", pkgConfig: "zlib",
    providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
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

let package = Package(
  name: "DeflateBench",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "deflate-bench", targets: ["deflate-bench"])
  ],
  targets: systemLibraries + [
    // A tight C loop over the same libraries, the reference `calibrate` compares against.
    .target(
      name: "CCalibrationLoop", path: "Sources/CCalibrationLoop",
      dependencies: ["CZlib", "CLibdeflate", "CISAL"]),
    .target(
      name: "DeflateBenchCodecs", path: "Sources/Codecs",
      dependencies: ["CZlib", "CLibdeflate", "CISAL", "CZopfli", "CZstd", "CBrotli"]),
    .target(name: "DeflateBenchCorpora", path: "Sources/Corpora"),
    .target(
      name: "DeflateBenchMeasurement", path: "Sources/Measurement",
      dependencies: ["DeflateBenchCodecs", "DeflateBenchCorpora", "CCalibrationLoop"]),
    .target(
      name: "DeflateBenchReports", path: "Sources/Reports",
      dependencies: ["DeflateBenchMeasurement"]),
    .target(
      name: "DeflateBenchUpload", path: "Sources/Upload",
      dependencies: ["DeflateBenchCodecs", "DeflateBenchMeasurement"]),
    .target(
      name: "DeflateBenchRegression", path: "Sources/Regression",
      dependencies: ["DeflateBenchMeasurement", "DeflateBenchReports"]),
    .target(
      name: "DeflateBenchCLI", path: "Sources/CLI",
      dependencies: [
        "DeflateBenchCodecs", "DeflateBenchCorpora", "DeflateBenchMeasurement",
        "DeflateBenchReports", "DeflateBenchUpload", "DeflateBenchRegression",
      ]),
    .executableTarget(
      name: "deflate-bench", path: "Sources/deflate-bench", dependencies: ["DeflateBenchCLI"]),

    .testTarget(
      name: "CodecsTests", path: "Tests/CodecsTests",
      dependencies: ["DeflateBenchCodecs", "TestSupport"]),
    .testTarget(
      name: "CorporaTests", path: "Tests/CorporaTests",
      dependencies: ["DeflateBenchCorpora", "TestSupport"]),
    .testTarget(
      name: "MeasurementTests", path: "Tests/MeasurementTests",
      dependencies: ["DeflateBenchMeasurement", "DeflateBenchReports", "TestSupport"]),
    .testTarget(
      name: "UploadTests", path: "Tests/UploadTests",
      dependencies: ["DeflateBenchUpload", "TestSupport"]),
    .testTarget(
      name: "RegressionTests", path: "Tests/RegressionTests",
      dependencies: ["DeflateBenchRegression", "TestSupport"]),
    .testTarget(
      name: "CLITests", path: "Tests/CLITests",
      dependencies: ["DeflateBenchCLI", "TestSupport"]),
    // Helpers the test targets share: running the built executable and outside tools.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
  ]
)
