import Foundation

/// Debian's Chromium run headless, for tests that open a generated page from a `file://` URL and
/// dump the DOM after the page's scripts ran (scripts/screenshots.sh takes the pictures).
/// scripts/setup.sh installs it; without it the browser tests are skipped with a message.
public enum HeadlessBrowser {
  /// The browser executable, or nil when none is installed.
  public static let executable: String? = Judge.chromium.path

  /// Why browser tests are skipped here, for `.enabled(if:comment)`.
  public static let missingMessage = Judge.chromium.missing

  /// The page's DOM after its scripts ran, as HTML text.
  public static func dumpDOM(_ url: URL, windowSize: (Int, Int) = (1280, 800)) throws -> String {
    let output = try run(url, windowSize: windowSize, action: "--dump-dom")
    return output.stdoutText
  }

  private static func run(_ url: URL, windowSize: (Int, Int), action: String) throws -> ProcessOutput {
    guard let executable else { throw BrowserError(message: "no browser installed") }
    // A private profile per call: parallel tests must not share (and lock) one.
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--hide-scrollbars", "--user-data-dir=\(profile.path)", "--window-size=\(windowSize.0),\(windowSize.1)",
      // Give the page's scripts time to run before the DOM is read or the picture taken.
      "--virtual-time-budget=2000", action, url.absoluteString,
    ]
    let output = try ProcessRunner.run(executable, arguments: arguments, timeoutSeconds: 120)
    guard output.succeeded else {
      throw BrowserError(message: "\(executable) exited with \(output.status): \(output.stderrText.suffix(600))")
    }
    return output
  }

  public struct BrowserError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
  }
}
