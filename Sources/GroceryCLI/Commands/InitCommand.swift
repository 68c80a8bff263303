import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery init [--sample]`: creates the store.
struct InitCommand: Command, Runnable {
  static let name = "init"
  static let abstract = "Create the store."
  static let discussion = """
    Refused (exit 1) where a household or a version-1 store is already, or in a folder that holds files of \
    its own; an empty folder takes the new one (a sync tool's dot-files, such as .stfolder, do not count).
    """
  static let sample = Flag("sample", help: "Fill the new store with a sample household.")
  static let options: [any OptionDeclaration] = [sample]
  static let examples = ["grocery init", "grocery --store /tmp/demo init --sample"]

  var sample: Bool

  init(_ parsed: ParsedArguments) { sample = parsed[Self.sample] }

  func run(_ context: Context) throws {
    let groceries =
      sample
      ? try context.createSample() : try context.create(Groceries(), summary: ChangeVerb.initialize.present)
    let what = sample ? "sample store with \(groceries.items.count) items" : "store"
    context.say("created \(what): \(context.store.path)")
  }
}
