import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchResults
import Foundation
import Synchronization

/// Everything `run --upload TARGET [--link NAME ...]` needs, made before measuring starts:
/// one `UploadSession` per link (each with its own local server when the target is `local`),
/// the step the runner calls, the measurements for the report, and the shutdown.
///
/// The results schema holds one `UploadMeasurement` per cell, so with several links the first
/// link's measurement goes into the results and the others are kept here for the report.
public final class UploadRun: Sendable {
  /// Why the uploads cannot start; `isUsageError` tells a bad option from a failed server.
  public struct StartError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var isUsageError: Bool
    public var description: String { message }
  }

  public let sessions: [UploadSession]
  public let links: [LinkPreset]
  private let multiLinkStep: MultiLinkStep

  /// The hook the runner calls once per cell.
  public var step: any CellUploadStep { multiLinkStep }

  /// Prepares the uploads.
  /// - Parameters:
  ///   - target: `local` to start `deflate-bench serve` per link, or an `http://` URL.
  ///   - links: `--link` values (preset names or `name=RATE@RTT`); only with `local`.
  ///   - executable: the `deflate-bench` binary for `local`; default: the running one.
  /// - Parameter dictionaryPaths: dictionary files the local server is started with
  ///   (`serve --dictionary`), so it can decode dictionary cells. A remote server must hold them already.
  /// - Parameter port: `--upload-port`: the local server listens on it (with several links, the
  ///   n-th link's server on `port + n - 1`); nil lets the system pick free ports.
  public static func start(
    target: String, links: [String], dictionaryPaths: [String] = [], timeoutSeconds: Double = 600,
    executable: URL = LocalServer.currentExecutable, port: Int? = nil
  ) throws(StartError) -> UploadRun {
    var presets: [LinkPreset] = []
    for text in links {
      do throws(LinkRate.ParseError) {
        presets.append(try LinkPreset.parse(text))
      } catch {
        throw StartError(message: "--link: \(error)", isUsageError: true)
      }
    }
    if target == "local" {
      var sessions: [UploadSession] = []
      for (index, link) in (presets.isEmpty ? [nil] : presets.map(Optional.some)).enumerated() {
        do throws(LocalServer.StartError) {
          sessions.append(
            try UploadSession(
              localExecutable: executable, link: link, dictionaryPaths: dictionaryPaths, timeoutSeconds: timeoutSeconds,
              port: port.map { $0 + index } ?? 0))
        } catch {
          sessions.forEach { $0.close() }
          throw StartError(message: "--upload local: \(error)", isUsageError: false)
        }
      }
      return UploadRun(sessions: sessions, links: presets)
    }
    guard !target.isEmpty, let url = URL(string: target), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else {
      throw StartError(message: "--upload expects 'local' or an http:// URL, got '\(target)'", isUsageError: true)
    }
    guard presets.isEmpty else {
      throw StartError(
        message: "--link emulates a link on the local server; it needs --upload local", isUsageError: true)
    }
    guard port == nil else {
      throw StartError(
        message: "--upload-port sets the port of the local server; it needs --upload local", isUsageError: true)
    }
    return UploadRun(sessions: [UploadSession(endpoint: url, timeoutSeconds: timeoutSeconds)], links: [])
  }

  init(sessions: [UploadSession], links: [LinkPreset]) {
    self.sessions = sessions
    self.links = links
    multiLinkStep = MultiLinkStep(sessions: sessions)
  }

  /// Measurements on the links after the first, which the results' one `upload` field per cell
  /// cannot hold; the report shows them beside the first link's.
  public var extraMeasurements: [CellKey: [UploadMeasurement]] { multiLinkStep.extras }

  /// For each local server (a child process, so not in this process's memory), a sentence with
  /// its peak resident memory so far, to state beside the run's own. Empty for a remote target.
  public var localServerMemoryNotes: [String] {
    sessions.compactMap { session in
      guard let server = session.localServer, server.process.isRunning,
        let peak = ProcessPeakMemory.peakBytes(ofProcess: server.processIdentifier)
      else { return nil }
      let link = session.link.map { " (link \($0.name))" } ?? ""
      return "the local echo server\(link), a child process whose memory this process's peak does not count, "
        + "peaked at \(peak / 1024) kB resident"
    }
  }

  /// Stops the local servers. Safe to call more than once.
  public func stop() {
    sessions.forEach { $0.close() }
  }
}

/// Calls every link's session for each cell; returns the first link's measurement and keeps
/// the rest for the report.
final class MultiLinkStep: CellUploadStep, Sendable {
  let sessions: [UploadSession]
  private let kept = Mutex<[CellKey: [UploadMeasurement]]>([:])

  init(sessions: [UploadSession]) {
    self.sessions = sessions
  }

  var extras: [CellKey: [UploadMeasurement]] { kept.withLock { $0 } }

  func upload(_ cell: CompressedCell) throws(UploadStepError) -> UploadMeasurement {
    var measurements: [UploadMeasurement] = []
    for session in sessions {
      measurements.append(try session.upload(cell))
    }
    let rest = Array(measurements.dropFirst())
    if !rest.isEmpty { kept.withLock { $0[cell.key] = rest } }
    return measurements[0]
  }
}
