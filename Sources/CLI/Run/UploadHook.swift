import DeflateBenchUpload

/// `run --upload`: the upload run from the Upload target, seen through the runner's hook.
extension UploadRun: RunUploadSession {}

enum UploadHook {
  static let start: RunHooks.StartUpload = {
    target, links, dictionaryPaths, timeoutSeconds, port, _ throws(CLIError) in
    do throws(UploadRun.StartError) {
      return try UploadRun.start(
        target: target, links: links, dictionaryPaths: dictionaryPaths, timeoutSeconds: timeoutSeconds, port: port)
    } catch {
      throw error.isUsageError ? .usage("\(error)") : .failure("\(error)")
    }
  }
}
