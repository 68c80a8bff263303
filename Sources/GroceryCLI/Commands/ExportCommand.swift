import GroceryCore

/// `grocery export`: writes the whole household as one JSON document that `import` reads back.
struct ExportCommand: Command, Runnable {
  static let name = "export"
  static let abstract = "Write the whole household as JSON that import reads back."
  static let discussion = """
    Writes every item with its state and every purchase, the categories in walk order, and the locations \
    with their own orders, as the versioned JSON document docs/formats.md describes. 'grocery import' \
    reads it back: into an empty household it gives the same list and history, each purchase still naming \
    who bought it. With --output a file is replaced only once the whole \
    export is written; a link's target is written, and a device such as /dev/null is written into, never \
    replaced.
    """
  static let output = Option<String>(
    "output", "o", value: "FILE", completes: .files,
    help: "Write to FILE (a file is replaced whole; '-' is standard output).",
    parse: { text in
      guard !text.isEmpty else {
        throw GroceryError.invalidValue(
          what: "--output", value: text, reason: "expected a file name, or '-' for standard output")
      }
      return text
    })
  static let options: [any OptionDeclaration] = [output]
  static let examples = [
    "grocery export > household.json", "grocery export -o ~/backup/grocery.json",
    "grocery --store ~/other import household.json",
  ]

  var output: String?

  init(_ parsed: ParsedArguments) {
    output = parsed[Self.output]
  }

  func run(_ context: Context) throws {
    if let output, output != "-" {
      try context.store.export(to: output)
    } else {
      try context.store.export { context.write($0) }
    }
  }
}
