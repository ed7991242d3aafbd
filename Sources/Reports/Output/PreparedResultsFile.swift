import DeflateBenchResults
import DeflateBenchSupport

/// A results file written and flushed to disk under its temporary name, but not yet in place
/// (`ResultsWriter.prepareJSON`): the slow part of a write done, the rename still to come, so a
/// caller can wait for the disk outside a lock and take the lock only to `place` it. Dropped
/// without `place`, its temporary file is removed.
public struct PreparedResultsFile {
  private let file: OutputFile

  init(_ file: OutputFile) {
    self.file = file
  }

  /// Puts the file in place (rename, or link for a first flush that must not replace anything).
  public func place() throws(ResultsWriteError) {
    do throws(AtomicFile.WriteError) {
      try file.commit()
    } catch {
      file.abandon()
      throw ResultsWriteError(error)
    }
  }

  /// Removes the temporary file; whatever was in place stays.
  public func abandon() {
    file.abandon()
  }
}
