/// Calendar arithmetic for generated timestamps, done on integers (Howard Hinnant's
/// days-from-civil algorithm) so no `DateFormatter`, locale or time zone is involved.
enum Timestamps {
  /// `2024-06-10T15:20:01.123Z` for milliseconds since the Unix epoch.
  static func iso8601(millis: Int) -> String {
    let (days, msOfDay) = floorDivide(millis, 86_400_000)
    let (year, month, day) = civil(fromDays: days)
    let hours = msOfDay / 3_600_000
    let minutes = msOfDay / 60_000 % 60
    let seconds = msOfDay / 1000 % 60
    let ms = msOfDay % 1000
    return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hours, 2) + ":"
      + pad(minutes, 2) + ":" + pad(seconds, 2) + "." + pad(ms, 3) + "Z"
  }

  /// Milliseconds since the epoch at midnight UTC of a calendar date.
  static func millis(year: Int, month: Int, day: Int) -> Int {
    days(fromCivil: year, month, day) * 86_400_000
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }

  private static func floorDivide(_ value: Int, _ divisor: Int) -> (Int, Int) {
    let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    return (quotient, value - quotient * divisor)
  }

  private static func civil(fromDays daysSinceEpoch: Int) -> (Int, Int, Int) {
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPrime = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
    let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
