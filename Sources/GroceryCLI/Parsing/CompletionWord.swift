/// A word a shell offers, with the description shells that show one put beside it.
struct CompletionWord: Sendable, Equatable {
  let word: String
  let help: String?

  init(_ word: String, help: String? = nil) {
    self.word = word
    self.help = help
  }
}
