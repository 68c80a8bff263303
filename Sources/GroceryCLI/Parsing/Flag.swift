/// An option that takes no value: given or not.
struct Flag: OptionDeclaration {
  let long: String
  let short: Character?
  let help: String

  init(_ long: String, _ short: Character? = nil, help: String) {
    self.long = long
    self.short = short
    self.help = help
  }

  var placeholder: String? { nil }
  var repeatable: Bool { false }
  var completion: ArgumentCompletion? { nil }

  func convert(_ text: String) throws -> any Sendable { true }
}
