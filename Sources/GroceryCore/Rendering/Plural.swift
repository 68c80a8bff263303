/// Counts written out in words for listings: `1 item`, `3 items`.
enum Plural {
  static func items(_ count: Int) -> String { "\(count) item\(count == 1 ? "" : "s")" }
}
