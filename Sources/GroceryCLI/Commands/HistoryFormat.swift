/// The output formats of `history`.
enum HistoryFormat: String, CaseIterable, Sendable {
  case text, json, csv
}
