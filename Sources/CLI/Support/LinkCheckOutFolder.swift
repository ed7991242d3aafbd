import DeflateBenchSupport
import Foundation

/// `linkcheck --out DIR`, checked before anything is measured (issue #39, N5): a check takes
/// minutes and root, so a folder that already holds an earlier check's files, or that cannot be
/// made, is refused at once (exit 73) rather than replaced or found out at the end, and every
/// refusal names the path and errno's reason.
enum LinkCheckOutFolder {
  /// The files a check writes into its folder.
  static let fileNames = ["linkcheck.json", "linkcheck.md"]

  /// Refuses a folder holding an earlier check (without `force`) and one that cannot be written.
  static func validate(_ out: String, force: Bool) throws(CLIError) {
    let folder = URL(fileURLWithPath: out).standardizedFileURL.path
    try ResultsOutFolder.checkWritable(folder, shown: out)
    if !force, let earlier = fileNames.first(where: { FileManager.default.fileExists(atPath: folder + "/" + $0) }) {
      throw CLIError(
        .cannotCreate,
        "'\(out)' already holds \(earlier) from an earlier check; choose another --out or pass --force to replace it")
    }
  }

  /// Makes the folder and its missing parents.
  static func create(_ out: String) throws(CLIError) {
    do throws(AtomicFile.WriteError) {
      try FolderCreation.create(URL(fileURLWithPath: out).standardizedFileURL.path)
    } catch {
      throw CLIError(.cannotCreate, "cannot create --out '\(out)': \(error.message)")
    }
  }
}
