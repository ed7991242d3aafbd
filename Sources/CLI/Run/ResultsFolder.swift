import Foundation

/// Where a run writes: the `--out` folder, or a new `Results/<UTC timestamp>` beside which
/// `Results/latest` is repointed once the reports are written. Nothing is created until the
/// first results are, so a run that fails before measuring leaves no folder behind.
struct ResultsFolder {
  static let parent = "Results"
  static let latestName = "latest"

  let url: URL
  /// Whether this is the default timestamped folder, which `Results/latest` follows.
  let isDefault: Bool

  init(outPath: String?, now: Date = Date(), fileManager: FileManager = .default) {
    let current = URL(fileURLWithPath: fileManager.currentDirectoryPath)
    if let outPath {
      url = URL(fileURLWithPath: outPath, relativeTo: current).standardizedFileURL
      isDefault = false
      return
    }
    let parent = current.appendingPathComponent(Self.parent)
    let stamp = Self.timestamp(now)
    var candidate = parent.appendingPathComponent(stamp)
    var suffix = 2
    // Two runs started in the same second get distinct folders instead of mixing their files.
    while fileManager.fileExists(atPath: candidate.path) {
      candidate = parent.appendingPathComponent("\(stamp)-\(suffix)")
      suffix += 1
    }
    url = candidate
    isDefault = true
  }

  /// `2026-03-01T120000Z`: sorts by time, starts with the year (which .gitignore matches), and
  /// has no colon, which some file systems and tools refuse.
  static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HHmmss'Z'"
    return formatter.string(from: date)
  }

  /// The checks for a run without `--out`, made before any work: `Results` can be written, and
  /// `Results/latest` is missing or a symbolic link, so repointing it at the end replaces a link
  /// and never a real folder or file someone keeps there.
  static func validateDefaultParent(fileManager: FileManager = .default) throws(CLIError) {
    let parent = URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent(Self.parent)
    try ResultsOutFolder.checkWritable(parent.path, shown: Self.parent)
    try refuseNonLink(parent.appendingPathComponent(Self.latestName))
  }

  /// `latest` exists and is not a symbolic link: a folder or file of the user's, never replaced.
  private static func refuseNonLink(_ latest: URL) throws(CLIError) {
    var info = stat()
    guard lstat(latest.path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { return }
    throw CLIError(
      .cannotCreate,
      "\(Self.parent)/\(Self.latestName) is a real \(info.st_mode & S_IFMT == S_IFDIR ? "folder" : "file"), not the "
        + "link a run repoints; move it away or pass --out")
  }

  /// Points `Results/latest` at this folder with a relative link, replacing the old link in one
  /// rename so a reader never finds it missing. Does nothing for an `--out` folder; refuses when
  /// `latest` became a real folder or file during the run.
  func updateLatest() throws(CLIError) {
    guard isDefault else { return }
    let parent = url.deletingLastPathComponent()
    let latest = parent.appendingPathComponent(Self.latestName)
    try Self.refuseNonLink(latest)
    let temporary = parent.appendingPathComponent(".\(Self.latestName).tmp-\(getpid())")
    unlink(temporary.path)
    guard symlink(url.lastPathComponent, temporary.path) == 0, rename(temporary.path, latest.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary.path)
      throw CLIError(.cannotCreate, "cannot point \(latest.path) at \(url.lastPathComponent): \(reason)")
    }
  }

  /// The folder as the user should read it: relative to the current folder when inside it.
  var displayPath: String {
    let current = FileManager.default.currentDirectoryPath
    let path = url.path
    if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
    return path
  }
}
