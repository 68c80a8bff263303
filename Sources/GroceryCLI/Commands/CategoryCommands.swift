import GroceryCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `grocery category list|add|rename|remove`.
struct CategoryCommand: Runnable {
  enum Action: Sendable {
    case list
    case add(String)
    case rename(String, String)
    case remove(String, force: Bool)
  }

  var action: Action

  func run(_ context: Context) throws {
    switch action {
    case .list:
      context.write(CategoryListRenderer.text(try context.store.load().categorySummaries()))
    case .add(let name):
      let added = try context.update({ "add category " + $0 }) { try $0.addCategory(name) }
      context.say("added category: \(added)")
    case .rename(let old, let new):
      let names = try context.update({ "rename category \($0.old) to \($0.new)" }) {
        try $0.renameCategory(old, to: new)
      }
      context.say("renamed category: \(names.old) -> \(names.new)")
    case .remove(let name, let force):
      let result = try context.update({ "remove category " + $0.name }) {
        try $0.removeCategory(name, force: force, now: context.now)
      }
      let moved =
        result.moved == 0
        ? "" : " (\(result.moved) item\(result.moved == 1 ? "" : "s") moved to \(Category.uncategorized))"
      context.say("removed category: \(result.name)\(moved)")
    }
  }
}

/// `grocery location list|add|rename|remove`.
struct LocationCommand: Runnable {
  enum Action: Sendable {
    case list
    case add(String)
    case rename(String, String)
    case remove(String)
  }

  var action: Action

  func run(_ context: Context) throws {
    switch action {
    case .list:
      context.write(LocationListRenderer.text(try context.store.load().locationSummaries()))
    case .add(let name):
      let added = try context.update({ "add location " + $0 }) { try $0.addLocation(name) }
      context.say("added location: \(added)")
    case .rename(let old, let new):
      let names = try context.update({ "rename location \($0.old) to \($0.new)" }) {
        try $0.renameLocation(old, to: new)
      }
      context.say("renamed location: \(names.old) -> \(names.new)")
    case .remove(let name):
      let result = try context.update({ "remove location " + $0.name }) {
        try $0.removeLocation(name, now: context.now)
      }
      let note =
        result.affected == 0
        ? "" : " (\(result.affected) item\(result.affected == 1 ? "" : "s") now bought anywhere)"
      context.say("removed location: \(result.name)\(note)")
    }
  }
}
