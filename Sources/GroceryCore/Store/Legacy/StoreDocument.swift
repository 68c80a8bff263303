/// The on-disk shape of the store file, version 1.
///
/// Adding an optional key is not a version bump: older builds ignore it. Renaming, removing or changing the
/// meaning of a key is, and needs a migration from every earlier version.
struct StoreDocument: Codable {
  var version: Int
  var categories: [Category]
  var locations: [Location]
  var items: [Item]
  var change: ChangeNote?
}
