/// The walk order that a store's past trips imply, with the evidence behind each step.
public struct WalkOrderSuggestion: Equatable, Sendable {
  /// One category of the suggested order and how the trips place it against the category after it.
  public struct Step: Equatable, Sendable {
    public var category: String
    /// The category after this one, if any.
    public var next: String?
    /// Trips on which something of the category was checked off.
    public var trips: Int
    /// Trips that checked this category off before the next one, and trips that did the opposite.
    public var ahead: Int
    public var behind: Int

    public init(category: String, next: String?, trips: Int, ahead: Int, behind: Int) {
      self.category = category
      self.next = next
      self.trips = trips
      self.ahead = ahead
      self.behind = behind
    }

    /// True when too few trips compared this category with the next one, or they did not favour it.
    public var isThin: Bool {
      next != nil && (ahead + behind < WalkOrderLearning.minimumComparisons || ahead <= behind)
    }
  }

  /// Trips that checked off two categories at two moments, the ones that say anything about order.
  public var trips: Int
  /// The categories the trips saw, in the suggested order.
  public var steps: [Step]
  /// Categories no trip saw, which keep their present order after the suggested ones.
  public var unseen: [String]

  public init(trips: Int, steps: [Step], unseen: [String]) {
    self.trips = trips
    self.steps = steps
    self.unseen = unseen
  }

  /// True when there were enough trips to suggest an order at all.
  public var isEnough: Bool { trips >= WalkOrderLearning.minimumTrips }

  /// The suggested order of category names.
  public var order: [String] { steps.map(\.category) }
}
