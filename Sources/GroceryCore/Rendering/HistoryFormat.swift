/// The output formats of `history`.
public enum HistoryFormat: String, CaseIterable, Sendable {
  case text, json, csv
}
