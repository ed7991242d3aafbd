import Foundation
import PackagePlugin

/// Lists the Codecs target's backends at build time: hands every Swift file under the target's
/// `Backends/` folder to BackendListGenerator, which writes `BackendRegistry+Declared.swift` (one
/// instance of the backend each `Backends/<Folder>/` declares). A backend is added by adding its
/// folder; no central file names it. The convention is in docs/backends.md ("Adding a backend").
@main
struct BackendList: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let backends = module.directoryURL.appending(path: "Backends")
    let inputs = module.sourceFiles(withSuffix: "swift").map(\.url)
      .filter { $0.path.hasPrefix(backends.path + "/") }
      .sorted { $0.path < $1.path }
    let output = context.pluginWorkDirectoryURL.appending(path: "BackendRegistry+Declared.swift")
    return [
      .buildCommand(
        displayName: "Listing the backends under \(backends.path)",
        executable: try context.tool(named: "BackendListGenerator").url,
        arguments: [output.path, backends.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
