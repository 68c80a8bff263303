#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An item as a version-1 store file holds it, under the keys that file uses.
///
/// Its fields are decoded in the order of `CodingKeys`, which an error's field depends on: the first bad one.
struct V1Item: Decodable {
  var id: UUID
  var name: String
  var quantity: Int
  var note: String?
  var category: String
  var locations: [String]
  var isStaple: Bool
  var isOnList: Bool
  var unavailableOn: V1Day?
  var skipUntil: V1Day?
  var purchases: [V1Purchase]
  var created: Date
  var updated: Date

  enum CodingKeys: String, CodingKey {
    case id, name, quantity, note, category, locations
    case isStaple = "staple"
    case isOnList = "onList"
    case unavailableOn, skipUntil, purchases, created, updated
  }

  /// The item it is, with its whole history.
  var item: Item {
    var item = Item(
      id: id, name: name, quantity: quantity, note: note, category: category, locations: locations,
      isStaple: isStaple, isOnList: isOnList, now: created)
    item.unavailableOn = unavailableOn?.day
    item.skipUntil = skipUntil?.day
    item.purchases = purchases.map(\.purchase)
    item.updated = updated
    return item
  }
}
