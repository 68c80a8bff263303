/// A command's positional arguments: how usage shows them, how many it takes, and what a shell completes.
struct Arguments: Sendable {
  /// The arguments as shown in usage, e.g. `NAME...`; empty when the command takes none.
  let usage: String
  let minimum: Int
  /// The most it takes; nil for any number.
  let maximum: Int?
  let completion: ArgumentCompletion?
  /// What a shell completes for the arguments after the first; nil when they complete as the first does.
  let laterCompletion: ArgumentCompletion?

  init(
    _ usage: String, minimum: Int = 0, maximum: Int?, completes completion: ArgumentCompletion? = nil,
    then laterCompletion: ArgumentCompletion? = nil
  ) {
    self.usage = usage
    self.minimum = minimum
    self.maximum = maximum
    self.completion = completion
    self.laterCompletion = laterCompletion
  }

  /// No positional arguments at all.
  static let none = Arguments("", maximum: 0)
}
