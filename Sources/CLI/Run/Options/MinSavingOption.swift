import DeflateBenchResults
import Foundation

/// `--min-saving`'s value under `--objective`: an amount and a share of sending uncompressed.
/// With time, `1ms,2%`; with energy, `5mJ,2%`, or `5mJ,1ms,2%` to also set the milliseconds of
/// the rows decided on time (where no energy is modelled). The older `1,2` still means `1ms,2%`.
struct MinSavingOption: Equatable {
  var milliseconds: Double?
  var millijoules: Double?
  var percent: Double

  /// The forms, as every error message names them.
  static let forms = "such as 1ms,2% (with --objective energy 5mJ,2% or 5mJ,1ms,2%; the older 1,2 means 1ms,2%)"

  init(parsing text: String, objective: VerdictObjective) throws(CLIError) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let malformed = CLIError.usage(
      "--min-saving expects an amount and a percentage below 100, \(Self.forms); got '\(text)'")
    var amounts: [String: Double] = [:]
    if parts.count == 2, let ms = Self.number(parts[0]), let percent = Self.number(parts[1]) {
      amounts = ["ms": ms, "%": percent]
    } else {
      for part in parts {
        guard let unit = ["ms", "mj", "%"].first(where: { part.lowercased().hasSuffix($0) }), amounts[unit] == nil,
          let value = Self.number(String(part.dropLast(unit.count)))
        else { throw malformed }
        amounts[unit] = value
      }
    }
    guard let percent = amounts["%"], percent < 100, amounts.count >= 2 else { throw malformed }
    switch objective {
    case .time where amounts["mj"] != nil:
      throw .usage(
        "--min-saving in mJ needs --objective energy; with --objective time it takes milliseconds, such as 1ms,2%; "
          + "got '\(text)'")
    case .energy where amounts["mj"] == nil:
      throw .usage(
        "--min-saving with --objective energy needs millijoules, such as 5mJ,2% (5mJ,1ms,2% also sets the "
          + "milliseconds of the rows decided on time); got '\(text)'")
    default:
      break
    }
    milliseconds = amounts["ms"]
    millijoules = amounts["mj"]
    self.percent = percent
  }

  /// A finite number of at least 0, spaces around it allowed.
  private static func number(_ text: String) -> Double? {
    Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
  }
}
