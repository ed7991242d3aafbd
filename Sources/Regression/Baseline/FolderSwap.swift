import DeflateBenchSupport
import Foundation

/// Replaces a folder's contents as one step: the new contents are written into a staging folder
/// beside it, then the old folder is moved aside, the staging folder renamed into place, and the
/// old one deleted. A failure while writing leaves the old folder untouched; readers never see a
/// folder with some files old and some new.
enum FolderSwap {
  static func replace(
    _ destination: URL, writing: (URL) throws(BaselineError) -> Void
  ) throws(BaselineError) {
    let manager = FileManager.default
    let parent = destination.deletingLastPathComponent()
    let name = destination.lastPathComponent
    let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: .min ... .max))"
    let staging = parent.appendingPathComponent(".\(name).new-\(tag)")
    let retired = parent.appendingPathComponent(".\(name).old-\(tag)")
    do throws(AtomicFile.WriteError) {
      try FolderCreation.create(staging.path)
    } catch {
      throw .write(error.message)
    }
    do throws(BaselineError) {
      try writing(staging)
      let hadOld = manager.fileExists(atPath: destination.path)
      // rename(2), whose errno says why; both folders are beside each other, on one file system.
      let movedAside = !hadOld || rename(destination.path, retired.path) == 0
      guard movedAside, rename(staging.path, destination.path) == 0 else {
        let reason = String(cString: strerror(errno))
        // Put the old baseline back if it was already moved aside.
        if hadOld && movedAside { _ = rename(retired.path, destination.path) }
        throw BaselineError.write("cannot move the new baseline into \(destination.path): \(reason)")
      }
      if hadOld { try? manager.removeItem(at: retired) }
    } catch {
      try? manager.removeItem(at: staging)
      throw error
    }
  }
}
