/// RFC 3339 times (`2027-01-31T12:00:00Z`, `2027-01-31T13:00:00.5+01:00`) as seconds since
/// 1970, and back; without Foundation.
enum RFC3339 {
  /// The seconds since 1970 (UTC) of an RFC 3339 date-time (fractions of a second dropped), or
  /// `nil` when the text is not one.
  static func seconds(_ text: String) -> Int64? {
    let b = Array(text.utf8)
    func number(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= b.count else { return nil }
      var value = 0
      for byte in b[start..<start + count] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    func byte(_ index: Int, _ expected: Character...) -> Bool {
      index < b.count && expected.contains { $0.asciiValue == b[index] }
    }
    guard let year = number(0, 4), byte(4, "-"), let month = number(5, 2), byte(7, "-"),
      let day = number(8, 2), byte(10, "T", "t", " "), let hour = number(11, 2),
      byte(13, ":"), let minute = number(14, 2), byte(16, ":"), let second = number(17, 2)
    else { return nil }
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
      hour <= 23, minute <= 59, second <= 60
    else { return nil }
    var index = 19
    if byte(index, ".") {
      index += 1
      let start = index
      while index < b.count, b[index] >= UInt8(ascii: "0"), b[index] <= UInt8(ascii: "9") {
        index += 1
      }
      guard index > start else { return nil }
    }
    var offset = 0
    if byte(index, "Z", "z") {
      index += 1
    } else if byte(index, "+", "-") {
      let sign = b[index] == UInt8(ascii: "-") ? -1 : 1
      guard let hours = number(index + 1, 2), byte(index + 3, ":"),
        let minutes = number(index + 4, 2), hours <= 23, minutes <= 59
      else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
      index += 6
    } else {
      return nil
    }
    guard index == b.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Int64(days) * 86400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
      - Int64(offset)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` for seconds since 1970.
  static func text(_ seconds: Int64) -> String {
    let days = Int(seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400)
    let rest = Int(seconds - Int64(days) * 86400)
    let (year, month, day) = civil(fromDays: days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - "\(year)".count)) + "\(year)"
    return "\(yearText)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60))"
      + ":\(two(rest % 60))Z"
  }

  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date.
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146097 + dayOfEra - 719468
  }

  /// The date of a day counted from 1970-01-01.
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let dayOfEra = z - era * 146097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// Days of the statistics: `YYYY-MM-DD` (UTC) and days counted from 1970-01-01.
///
/// ```swift
/// StatsDay.day("2027-01-31")  // 20_849
/// StatsDay.text(20_849)       // "2027-01-31"
/// ```
enum StatsDay {
  /// The day of `seconds` since 1970.
  static func day(ofSeconds seconds: Int64) -> Int64 {
    seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
  }

  /// The day of a `YYYY-MM-DD` date, or `nil` when the text is not one.
  static func day(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month), (1...RFC3339.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    return Int64(RFC3339.daysFromCivil(year: year, month: month, day: day))
  }

  /// `YYYY-MM-DD` of a day.
  static func text(_ day: Int64) -> String {
    String(RFC3339.text(day * 86400).prefix(10))
  }
}
