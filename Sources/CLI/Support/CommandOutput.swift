import DeflateBenchSupport
import Foundation

/// Where `compress`, `decompress` and `dict train` write their bytes: standard output, or a
/// path through `OutputFile`, the tool's one output path (a regular file replaced atomically
/// keeping its permissions, a device or FIFO written through, a symbolic link followed; see
/// there). Every failure is exit 73 with one line naming the path.
///
/// Standard output is written as the bytes are produced; a write error (a full disk,
/// /dev/full, a closed descriptor) is exit 73. A closed pipe ends the process by SIGPIPE, as
/// for any Unix filter.
///
/// A file opened by `open` is watched by an `OutputSignalGuard` until it is finished or
/// abandoned: SIGINT, SIGTERM or SIGHUP removes its temporary file and exits 130. Commands open
/// it before reading their input, which from a pipe may take as long as its writer wants.
final class CommandOutput {
  private enum Target {
    case standardOutput
    case file(OutputFile, OutputSignalGuard)
  }

  private let target: Target

  private init(_ target: Target) {
    self.target = target
  }

  /// - Parameters:
  ///   - path: nil or `-` for standard output.
  ///   - command: the command's name, for the message a signal prints.
  private static func open(_ path: String?, command: String, console: Console) throws(CLIError) -> CommandOutput {
    guard let path, path != "-" else { return CommandOutput(.standardOutput) }
    let signals = OutputSignalGuard(path: path, command: command, console: console)
    do throws(AtomicFile.WriteError) {
      let file = try OutputFile(path: path)
      signals.opened(file)
      return CommandOutput(.file(file, signals))
    } catch {
      signals.stop()
      throw cannotWrite("'\(path)'", error.message)
    }
  }

  /// Opens the output (`open`), lets `produce` write into it, and finishes it; when anything
  /// fails, the partial output is abandoned and the error passed on. Opened before `produce`
  /// reads any input: an unwritable path fails at once, and a signal while a pipe feeds the
  /// input removes the temporary file.
  static func writing(
    to path: String?, command: String, console: Console, _ produce: (CommandOutput) throws(CLIError) -> Void
  ) throws(CLIError) {
    let output = try open(path, command: command, console: console)
    do throws(CLIError) {
      try produce(output)
      try output.finish()
    } catch {
      output.abandon()
      throw error
    }
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws(CLIError) {
    switch target {
    case .file(let file, _):
      do throws(AtomicFile.WriteError) { try file.write(bytes) } catch {
        throw Self.cannotWrite("'\(file.path)'", error.message)
      }
    case .standardOutput:
      if let code = writingAll(bytes, { systemWrite(STDOUT_FILENO, $0, $1) }) {
        throw Self.cannotWrite("standard output", String(cString: strerror(code)))
      }
    }
  }

  func write(_ bytes: [UInt8]) throws(CLIError) {
    let failure = bytes.withUnsafeBytes { raw -> CLIError? in
      do throws(CLIError) {
        try write(raw)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Completes the output: a file is put in place. Without this call nothing replaces it.
  func finish() throws(CLIError) {
    guard case .file(let file, let signals) = target else { return }
    defer { signals.stop() }
    do throws(AtomicFile.WriteError) { try file.commit() } catch {
      throw Self.cannotWrite("'\(file.path)'", error.message)
    }
    signals.placed()
  }

  /// Drops a partial output (a regular file's old contents stay).
  func abandon() {
    guard case .file(let file, let signals) = target else { return }
    file.abandon()
    signals.stop()
  }

  /// Writes all of `bytes`, or nothing in place of a file when anything fails (`AtomicFile.write`).
  static func write(_ bytes: [UInt8], to path: String?) throws(CLIError) {
    guard let path, path != "-" else { return try CommandOutput(.standardOutput).write(bytes) }
    do throws(AtomicFile.WriteError) { try AtomicFile.write(bytes, to: path) } catch {
      throw cannotWrite("'\(path)'", error.message)
    }
  }

  private static func cannotWrite(_ what: String, _ reason: String) -> CLIError {
    CLIError(.cannotCreate, "cannot write to \(what): \(reason)")
  }
}

/// write(2), reachable under another name because `CommandOutput.write` hides it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
