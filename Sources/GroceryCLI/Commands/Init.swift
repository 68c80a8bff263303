import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery init [--sample]`: creates the store.
struct InitCommand: Runnable {
  var sample: Bool

  init(_ parsed: ParsedArguments) throws { sample = parsed.flag("sample") }

  func run(_ context: Context) throws {
    let groceries = sample ? SampleHousehold.make(today: context.today, now: context.now) : Groceries()
    try context.create(groceries, summary: sample ? "init --sample" : "init")
    let what = sample ? "sample store with \(groceries.items.count) items" : "store"
    context.say("created \(what): \(context.store.path)")
  }
}
