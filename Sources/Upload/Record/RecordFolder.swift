import DeflateBenchCorpora
import DeflateBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prepares the `--record` folder: created with mode 0700 (or an existing empty one narrowed to
/// 0700), refused when it already holds files unless appending, and, when appending, read back
/// so numbering and the limits carry on from what is there.
enum RecordFolder {
  /// What an appended-to folder already holds.
  struct Existing: Equatable {
    var nextSequence = 1
    var files = 0
    var bytes = 0
    /// Whether `prepare` made the folder (a server that never served removes it again).
    var created = false
  }

  static func prepare(_ options: RecordingOptions) throws(RecordingSetupError) -> Existing {
    let path = options.directory
    var info = stat()
    if stat(path, &info) != 0 {
      guard errno == ENOENT else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
      // Parents as the user's umask makes them; the folder itself private.
      do throws(AtomicFile.WriteError) {
        try FolderCreation.create(URL(fileURLWithPath: path).deletingLastPathComponent().path)
      } catch {
        throw .cannotCreate(path: path, reason: error.message)
      }
      guard mkdir(path, 0o700) == 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
      return Existing(created: true)
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: path) }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    if !entries.isEmpty && !options.append { throw .notEmpty(path: path, entries: entries.count) }
    guard access(path, W_OK) == 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
    if entries.isEmpty { chmod(path, 0o700) }
    // An index is trusted only whole: numbering on from a corrupt one could overflow, reuse
    // names or widen the byte budget (a negative size), so it is refused with its line.
    let index: [RecordIndexLine]?
    do throws(RecordedFolder.IndexProblem) {
      index = try RecordedFolder.validatedIndex(of: path)
    } catch {
      throw .corruptIndex(path: path + "/" + RecordedFolder.indexName, problem: error.description)
    }
    let nextFree = nextFreeNumber(among: entries)
    guard let index else { return Existing(nextSequence: nextFree) }
    var bytes = 0
    for line in index {
      let (sum, overflow) = bytes.addingReportingOverflow(line.decodedBytes)
      guard !overflow else {
        throw .corruptIndex(
          path: path + "/" + RecordedFolder.indexName,
          problem: "line \(line.sequence): decoded_bytes add up past \(Int.max)")
      }
      bytes = sum
    }
    let next = max(index.map(\.sequence).max() ?? 0, nextFree - 1) + 1
    guard next <= RecordedFolder.maxSequence else {
      throw .corruptIndex(
        path: path + "/" + RecordedFolder.indexName, problem: "no sequence number is left after \(next - 1)")
    }
    return Existing(nextSequence: next, files: index.count, bytes: bytes)
  }

  /// One past the largest `NNNNNN.ext` number in the folder, so an appended body never takes
  /// the name of a file that is there (recorded or not). Numbers past `maxSequence` are not
  /// names this server writes and are ignored (they cannot collide with one it will write).
  private static func nextFreeNumber(among names: [String]) -> Int {
    let numbers = names.compactMap { name in name.split(separator: ".").first.flatMap { Int($0) } }
      .filter { $0 <= RecordedFolder.maxSequence }
    return (numbers.max() ?? 0) + 1
  }

  /// `000001.json`: six digits at least, so names sort in arrival order.
  static func fileName(sequence: Int, fileExtension: String) -> String {
    let digits = String(sequence)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits + "." + fileExtension
  }
}
