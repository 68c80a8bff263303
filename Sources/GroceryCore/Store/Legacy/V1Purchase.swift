/// A purchase as a version-1 store file holds it.
struct V1Purchase: Decodable {
  var date: V1Day
  var quantity: Int
  var by: String?

  var purchase: Purchase { Purchase(date: date.day, quantity: quantity, by: by) }
}
