#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A realistic household for `init --sample` and `make demo`: the same for the same day.
public enum SampleHousehold {
  private struct Entry {
    var name: String
    var category: String
    var quantity = 1
    var note: String? = nil
    var at: [String] = []
    /// Days between purchases for staples; nil for occasional buys.
    var every: Int? = nil
  }

  private static let stores = [
    Location(
      name: "Corner Market",
      categoryOrder: ["Bread & Frozen", "Dairy & Fridge", "Produce", "Deli & Meat", "Boxed & Canned"]),
    Location(
      name: "Costco", categoryOrder: ["Snacks, Drinks & Other", "Boxed & Canned", "Deli & Meat", "Produce"]),
    Location(name: "Farmers Market", categoryOrder: ["Produce", "Bread & Frozen", "Dairy & Fridge"]),
  ]

  private static let entries: [Entry] = [
    Entry(name: "Bananas", category: "Produce", quantity: 6, every: 5),
    Entry(name: "Apples", category: "Produce", quantity: 6, note: "Honeycrisp", every: 7),
    Entry(name: "Baby spinach", category: "Produce", every: 7),
    Entry(name: "Carrots", category: "Produce", every: 14),
    Entry(name: "Onions", category: "Produce", quantity: 3, every: 14),
    Entry(name: "Garlic", category: "Produce"),
    Entry(name: "Lemons", category: "Produce", quantity: 2),
    Entry(name: "Avocados", category: "Produce", quantity: 3, note: "ripe for Sunday"),
    Entry(name: "Tomatoes", category: "Produce", quantity: 4, at: ["Farmers Market"]),
    Entry(name: "Potatoes", category: "Produce", note: "5 lb bag"),
    Entry(name: "Broccoli", category: "Produce"),
    Entry(name: "Strawberries", category: "Produce", at: ["Farmers Market"]),
    Entry(name: "Cilantro", category: "Produce"),
    Entry(name: "Chicken thighs", category: "Deli & Meat", quantity: 2, every: 7),
    Entry(name: "Ground beef", category: "Deli & Meat"),
    Entry(name: "Sliced turkey", category: "Deli & Meat", note: "thin cut"),
    Entry(name: "Salmon fillets", category: "Deli & Meat", quantity: 2, at: ["Costco"]),
    Entry(name: "Bacon", category: "Deli & Meat"),
    Entry(name: "Italian sausage", category: "Deli & Meat"),
    Entry(name: "Milk", category: "Dairy & Fridge", quantity: 2, note: "2%", every: 4),
    Entry(name: "Eggs", category: "Dairy & Fridge", note: "dozen, free range", every: 7),
    Entry(name: "Butter", category: "Dairy & Fridge", every: 21),
    Entry(name: "Greek yogurt", category: "Dairy & Fridge", quantity: 2, every: 7),
    Entry(name: "Cheddar", category: "Dairy & Fridge", note: "sharp"),
    Entry(name: "Parmesan", category: "Dairy & Fridge"),
    Entry(name: "Orange juice", category: "Dairy & Fridge"),
    Entry(name: "Tofu", category: "Dairy & Fridge"),
    Entry(name: "Hummus", category: "Dairy & Fridge"),
    Entry(name: "Sourdough loaf", category: "Bread & Frozen", at: ["Farmers Market"], every: 7),
    Entry(name: "Sandwich bread", category: "Bread & Frozen"),
    Entry(name: "Tortillas", category: "Bread & Frozen"),
    Entry(name: "Bagels", category: "Bread & Frozen"),
    Entry(name: "Frozen peas", category: "Bread & Frozen"),
    Entry(name: "Frozen berries", category: "Bread & Frozen", at: ["Costco"]),
    Entry(name: "Ice cream", category: "Bread & Frozen", note: "vanilla"),
    Entry(name: "Frozen pizza", category: "Bread & Frozen"),
    Entry(name: "Pasta", category: "Boxed & Canned", quantity: 2, note: "penne or fusilli"),
    Entry(name: "Rice", category: "Boxed & Canned", note: "jasmine", at: ["Costco"]),
    Entry(name: "Canned tomatoes", category: "Boxed & Canned", quantity: 3),
    Entry(name: "Black beans", category: "Boxed & Canned", quantity: 2),
    Entry(name: "Chickpeas", category: "Boxed & Canned"),
    Entry(name: "Peanut butter", category: "Boxed & Canned", every: 30),
    Entry(name: "Oatmeal", category: "Boxed & Canned"),
    Entry(name: "Cereal", category: "Boxed & Canned"),
    Entry(name: "Olive oil", category: "Boxed & Canned", at: ["Costco"]),
    Entry(name: "Chicken stock", category: "Boxed & Canned", quantity: 2),
    Entry(name: "Flour", category: "Boxed & Canned"),
    Entry(name: "Honey", category: "Boxed & Canned"),
    Entry(name: "Coffee beans", category: "Snacks, Drinks & Other", note: "medium roast", every: 14),
    Entry(name: "Tea", category: "Snacks, Drinks & Other"),
    Entry(name: "Sparkling water", category: "Snacks, Drinks & Other", quantity: 2, at: ["Costco"]),
    Entry(name: "Tortilla chips", category: "Snacks, Drinks & Other"),
    Entry(name: "Dark chocolate", category: "Snacks, Drinks & Other"),
    Entry(name: "Almonds", category: "Snacks, Drinks & Other", at: ["Costco"]),
    Entry(name: "Crackers", category: "Snacks, Drinks & Other"),
    Entry(name: "Dish soap", category: "Snacks, Drinks & Other"),
    Entry(name: "Paper towels", category: "Snacks, Drinks & Other", at: ["Costco"]),
    Entry(name: "Toilet paper", category: "Snacks, Drinks & Other", at: ["Costco"]),
    Entry(name: "Laundry detergent", category: "Snacks, Drinks & Other"),
    Entry(name: "Birthday candles", category: Category.uncategorized),
    Entry(name: "AA batteries", category: Category.uncategorized),
  ]

  /// The store a sample item is bought at: the first it is kept at, else the corner shop.
  private static let everyday = "Corner Market"

  /// One shopping trip of the sample household's last weeks: where, and the items checked off in that store's walk
  /// order, each at its own moment.
  public struct Trip: Equatable, Sendable {
    public var store: String
    public var day: Day
    public var start: Date
    public var checkOffs: [CheckOff]
    public var end: Date
  }

  /// An item checked off on a trip, and when.
  public struct CheckOff: Equatable, Sendable {
    public var name: String
    public var at: Date
  }

  /// The sample household as it grew, so that its trips are real trips: `start`, as it was created on the morning
  /// the trips of its last `tripDays` began (every item it has, with the purchases before them); those trips, one
  /// a store and a day; and `final`, the household as of `today` (`make`).
  public struct History: Sendable {
    public var created: Date
    public var start: Groceries
    public var trips: [Trip]
    public var final: Groceries
  }

  /// How many days before today the sample's purchases were made on trips.
  public static let tripDays = 21

  /// Returns the sample household as of `today`, with the history it grew by (`History`).
  public static func history(today: Day, now: Date) -> History {
    let final = make(today: today, now: now)
    let first = today.adding(days: -tripDays)
    var start = final
    var bought: [Day: [String: [Item]]] = [:]
    for index in start.items.indices {
      let item = start.items[index]
      let onTrips = item.purchases.filter { $0.date >= first && $0.date < today }
      for purchase in onTrips {
        bought[purchase.date, default: [:]][item.locations.first ?? everyday, default: []].append(item)
      }
      // What a trip buys goes on the list the morning of the trip (`HouseholdStore.createSample`), not here.
      start.items[index].purchases = item.purchases.filter { $0.date < first }
      start.items[index].unavailableOn = nil
    }
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var trips: [Trip] = []
    for day in bought.keys.sorted() {
      // The day's stores, the corner shop first, an hour and a half apart from ten in the morning.
      let stores = bought[day]!.keys.sorted { ($0 == everyday ? "" : $0) < ($1 == everyday ? "" : $1) }
      var at = LocalTime.noon(on: day).addingTimeInterval(-2 * 3600)
      for store in stores {
        let order = final.walkOrder(at: store)
        let items = bought[day]![store]!.sorted {
          (order.firstIndex(of: $0.category) ?? order.count, Names.key($0.name))
            < (order.firstIndex(of: $1.category) ?? order.count, Names.key($1.name))
        }
        let tripStart = at
        var checkOffs: [CheckOff] = []
        // Half a minute to two and a half in from the door, then half a minute to a minute and a half an item.
        at = at.addingTimeInterval(Double(30 + 60 * next(3)))
        for item in items {
          at = at.addingTimeInterval(Double(30 + 30 * next(3)))
          checkOffs.append(CheckOff(name: item.name, at: at))
        }
        let end = at.addingTimeInterval(Double(120 + 60 * next(3)))
        trips.append(Trip(store: store, day: day, start: tripStart, checkOffs: checkOffs, end: end))
        at = tripStart.addingTimeInterval(90 * 60)
      }
    }
    let created = LocalTime.noon(on: first).addingTimeInterval(-4 * 3600)
    return History(created: created, start: start, trips: trips, final: final)
  }

  /// Returns the sample household as of `today`: about 60 items, a dozen staples, three stores, months of history.
  public static func make(today: Day, now: Date) -> Groceries {
    var groceries = Groceries(locations: stores)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let start = today.adding(days: -120)
    for (index, entry) in entries.enumerated() {
      let number = String(index + 1)
      var item = Item(
        id: UUID(
          uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - number.count) + number)!,
        name: entry.name,
        quantity: entry.quantity, note: entry.note, category: entry.category, locations: entry.at,
        isStaple: entry.every != nil, now: now)
      item.created = Date(timeIntervalSince1970: Double(start.ordinal * 86_400 + 9 * 3600))
      if let every = entry.every {
        var day = start.adding(days: next(every))
        while day <= today.adding(days: -1) {
          item.record(Purchase(date: day, quantity: entry.quantity))
          day = day.adding(days: max(1, every + next(3) - 1))
        }
        item.isOnList = Cadence(item, fallback: every, today: today).isDue(today: today, within: 0)
      } else {
        for _ in 0..<next(4) {
          item.record(Purchase(date: start.adding(days: next(118)), quantity: entry.quantity))
        }
        item.isOnList = next(5) == 0
      }
      if let last = item.purchases.last {
        item.updated = Date(timeIntervalSince1970: Double(last.date.ordinal * 86_400 + 18 * 3600))
      }
      groceries.items.append(item)
    }
    // Something bought today, and something out of stock today, so every part of the list shows.
    for name in ["Milk", "Bananas"] {
      if let index = groceries.exactItemIndex(named: name) {
        groceries.items[index].record(Purchase(date: today, quantity: groceries.items[index].quantity))
        groceries.items[index].isOnList = false
      }
    }
    if let index = groceries.exactItemIndex(named: "Avocados") {
      groceries.items[index].isOnList = true
      groceries.items[index].unavailableOn = today
    }
    groceries.sortItems()
    return groceries
  }
}
