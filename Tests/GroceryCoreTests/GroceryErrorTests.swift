import Testing

@testable import GroceryCore

@Suite struct GroceryErrorTests {
  @Test(arguments: [
    (
      GroceryError.homeNotSet(for: "the store", hint: "set GROCERY_STORE"),
      "cannot find a place for the store: HOME is not set; set GROCERY_STORE"
    ),
    (
      .homeNotAbsolute(home: "rel", for: "the store", hint: "set GROCERY_STORE"),
      "cannot find a place for the store: HOME ('rel') is not an absolute path; set GROCERY_STORE"
    ),
    (.storeExists(path: "/s"), "a store already exists at '/s'"),
    (.nothingToUndo, "nothing to undo"),
    (
      .migrationShared(summary: "migrate a.json (version 1)"),
      "cannot undo 'migrate a.json (version 1)': another machine's log migrated a version-1 store too, maybe a"
        + " copy of the same one, and undo would take away what both made; nothing changed"
    ),
    (.nothingOnList(location: nil), "nothing on the list"),
    (.nothingOnList(location: "Market"), "nothing on the list for 'Market'"),
    (.nothingToChange, "nothing to change; give at least one option"),
    (.notOnList(name: "Tea"), "'Tea' is not on the list"),
    (.uncategorizedRenamed, "'Uncategorized' cannot be renamed"),
    (.uncategorizedRemoved, "'Uncategorized' cannot be removed"),
    (.uncategorizedReordered, "'Uncategorized' always comes last and cannot be reordered"),
    (.uncategorizedColored, "'Uncategorized' holds what has no category and takes no colour"),
    (.noTripUnderWay, "no trip under way; start one with 'grocery trip start'"),
    (
      .tooFewTrips(store: "Market", trips: 1, needed: 3),
      "too few trips at 'Market' to learn its walk order: 1 of the 3 needed"
        + " (trips that checked off items of two categories at two moments)"
    ),
    (.builtInCategory(name: "Bakery"), "'Bakery' is a built-in category; use --force to remove it"),
    (.categoryRepeated(name: "Produce"), "category 'Produce' is named more than once"),
    (
      .noNamesGiven(verb: "add"),
      "no names to add (standard input held none: only blank lines or # comments, or nothing)"
    ),
    (
      .nothingToImport(files: ["a.txt", "b.json"]),
      "nothing to import: 'a.txt' and 'b.json' hold no items, categories or locations"
    ),
    (
      .mirrorKeptElsewhere(file: "list.md", machine: "bob@laptop"),
      "'list.md' is kept by another machine, 'bob@laptop'; give each machine its own file"
    ),
    (.nothingToAccept(file: "list.md"), "no edits of 'list.md' are waiting to be accepted"),
    (
      .editorFailed(editor: "vi", reason: "exited with status 1"),
      "the editor 'vi' exited with status 1; nothing changed"
    ),
    (
      .editedChecklistUnreadable(
        reason: "no line names a household", kept: "/s/list-7.kept-20261121-120000.md"),
      "the checklist no longer reads as a checklist (no line names a household); nothing changed; what you saved"
        + " is kept as '/s/list-7.kept-20261121-120000.md'"
    ),
  ])
  func refusalsSayWhatWasRefusedInOneLowercaseLine(_ error: GroceryError, _ message: String) {
    #expect(error.message == message)
  }
}
