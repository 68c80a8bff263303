/// The output formats of `list`.
enum ListFormat: String, CaseIterable, Sendable {
  case text, markdown, json, csv, print
}
