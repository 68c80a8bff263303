/// Whether a run has saved a change, so that a report lost afterwards is not mistaken for a failed change.
final class SavedChange {
  var isSaved = false
}
