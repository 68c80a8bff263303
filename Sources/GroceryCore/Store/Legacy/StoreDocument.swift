/// The on-disk shape of the store file, version 1, read through types of its own (`V1Item` and its kin), not the
/// model's.
///
/// Adding an optional key is not a version bump: older builds ignore it. Renaming, removing or changing the
/// meaning of a key is, and needs a migration from every earlier version.
struct StoreDocument: Decodable {
  var version: Int
  var categories: [V1Category]
  var locations: [V1Location]
  var items: [V1Item]
  var change: ChangeNote?
}
