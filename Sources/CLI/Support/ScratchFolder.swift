import Foundation

/// A private scratch folder in the temporary folder, made by mkdtemp(3): the name is random and
/// the folder is created in the same step (mode 0700), so another user cannot plant a folder or
/// a symbolic link under the name first.
enum ScratchFolder {
  static func make(prefix: String) throws(CLIError) -> URL {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path
    var bytes = Array(template.utf8CString)
    let made = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
    guard made else {
      throw CLIError(
        .cannotCreate, "cannot create a scratch folder in \(template): \(String(cString: strerror(errno)))")
    }
    return URL(fileURLWithPath: String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }
}
