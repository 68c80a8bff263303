/// A day as a version-1 store file writes it: a string, `YYYY-MM-DD`.
struct V1Day: Decodable {
  var day: Day

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = Day(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected a date as YYYY-MM-DD, found '\(text)'")
    }
    self.day = day
  }
}
