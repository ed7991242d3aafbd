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
    do {
      try manager.createDirectory(at: staging, withIntermediateDirectories: true)
    } catch {
      throw .write("cannot create \(staging.path): \(error.localizedDescription)")
    }
    do throws(BaselineError) {
      try writing(staging)
      let hadOld = manager.fileExists(atPath: destination.path)
      do {
        if hadOld { try manager.moveItem(at: destination, to: retired) }
        try manager.moveItem(at: staging, to: destination)
      } catch {
        // Put the old baseline back if it was already moved aside.
        if hadOld && !manager.fileExists(atPath: destination.path) {
          try? manager.moveItem(at: retired, to: destination)
        }
        throw BaselineError.write(
          "cannot move the new baseline into \(destination.path): \(error.localizedDescription)")
      }
      if hadOld { try? manager.removeItem(at: retired) }
    } catch {
      try? manager.removeItem(at: staging)
      throw error
    }
  }
}
