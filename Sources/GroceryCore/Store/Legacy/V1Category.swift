#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A category as a version-1 store file holds it: a name, with no id.
struct V1Category: Decodable {
  var name: String

  /// The category it is: the built-in names get their well-known ids, any other one made from its name.
  var category: Category {
    Category(id: Category.defaultID(name) ?? LegacyID.of(.category, named: name), name: name)
  }
}
