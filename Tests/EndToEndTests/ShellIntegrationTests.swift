import Foundation
import GroceryCore
import TestSupport
import Testing

/// Finds a program on PATH, for tests that check our output with real tools.
enum Tool {
  static func path(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs a program with standard input, and `environment` added to the tests' own, returning its exit status,
  /// stdout and stderr.
  static func run(
    _ name: String, _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
    in folder: TemporaryDirectory
  ) throws -> Outcome {
    let input = folder.file(".stdin-\(UUID().uuidString)")
    try Data(stdin.utf8).write(to: URL(fileURLWithPath: input))
    let out = folder.file(".stdout-\(UUID().uuidString)")
    let err = folder.file(".stderr-\(UUID().uuidString)")
    // FileHandle(forWritingTo:) below throws when a file could not be made.
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    _ = FileManager.default.createFile(atPath: err, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(path(name)))
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
    try process.run()
    process.waitUntilExit()
    return Outcome(
      stdout: String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self),
      stderr: String(decoding: FileManager.default.contents(atPath: err) ?? Data(), as: UTF8.self),
      status: process.terminationStatus)
  }
}

@Suite struct ShellIntegrationTests {
  let scenario = Scenario()

  /// zsh's compadd as the tests see it: prints the offered words that start with PREFIX, its quoting taken away
  /// (in any case with a matcher, -M; all of them with -U), each after what -P puts before it, joined by `|`, and
  /// fails when there are none, as the real one does. With SHOW_DISPLAYS set it also prints what the menu shows
  /// (-d), one a line after `menu:`.
  static let zshCompadd = """
    compadd() {
      setopt localoptions extendedglob
      local -a offered
      local unfiltered="" matcher="" displays="" before=""
      while (( $# )); do
        case $1 in
          -U) unfiltered=1; shift ;;
          -P) before=$2; shift 2 ;;
          -l) shift ;;
          -M) matcher=1; shift 2 ;;
          -d) displays=$2; shift 2 ;;
          -a) offered=("${(@P)2}"); shift 2 ;;
          --) shift; offered=("$@"); break ;;
          *) break ;;
        esac
      done
      if [[ -z $unfiltered && -n $matcher ]]; then
        offered=(${(M)offered:#(#i)${(b)${(Q)PREFIX}}*})
      elif [[ -z $unfiltered ]]; then
        offered=(${(M)offered:#${(b)${(Q)PREFIX}}*})
      fi
      (( $#offered )) || return 1
      offered=("${before}${^offered[@]}")
      print -r -- "${(j:|:)offered}"
      if [[ -n $SHOW_DISPLAYS && -n $displays ]]; then print -rl -- menu: "${(@P)displays}"; fi
    }
    """

  /// The items on the sample household's list, as `purchase` offers them first.
  static let onTheList = [
    "Apples", "Avocados", "Broccoli", "Canned tomatoes", "Carrots", "Coffee beans", "Frozen berries",
    "Frozen peas", "Ground beef", "Lemons", "Orange juice", "Peanut butter", "Sourdough loaf",
  ]

  /// The sample household's categories that take a colour, in walk order: all but Uncategorized.
  static let categories = [
    "Produce", "Deli & Meat", "Dairy & Fridge", "Bread & Frozen", "Boxed & Canned", "Snacks, Drinks & Other",
  ]

  /// What `category color NAME` offers for its second argument: the 16 colours, then --none.
  static let colours = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright-black", "bright-red",
    "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white", "--none",
  ]

  init() throws {
    try scenario.given(["init", "--sample"])
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func eachCompletionScriptPassesItsShellsSyntaxCheck(_ shell: String) throws {
    let script = try scenario.grocery.run(["completions", shell])
    #expect(script.status == 0)
    #expect(script.stdout.contains("grocery"))
    guard Tool.path(shell) != nil else {
      print("skipped: \(shell) is not installed (.ci/setup installs it on Debian)")
      return
    }
    try scenario.folder.write("completion.\(shell)", script.stdout)
    let check = try Tool.run(shell, ["-n", scenario.folder.file("completion.\(shell)")], in: scenario.folder)
    #expect(check.status == 0 && check.stderr.isEmpty, "\(check)")
  }

  /// Quotes a word for bash, zsh or fish: inside single quotes, with each single quote closed, escaped and reopened.
  static func quoted(_ word: String) -> String {
    "'" + word.replacing("'", with: "'\\''") + "'"
  }

  /// Runs bash's completion function on words as readline hands them over (quotes and all) in the scenario's
  /// folder; with the `line` they were typed as, COMP_LINE, with the cursor at its end.
  func bashCompletes(_ words: [String], line: String? = nil) throws -> [String] {
    let script = try scenario.grocery.run(["completions", "bash"]).stdout
    try scenario.folder.write("completion.bash", script)
    let binFolder = (GroceryProcess.binary as NSString).deletingLastPathComponent
    let typedLine = line.map { "COMP_LINE=\(Self.quoted($0)); COMP_POINT=${#COMP_LINE}; " } ?? ""
    let program = """
      export PATH='\(binFolder)':"$PATH" GROCERY_STORE='\(scenario.grocery.store)' HOME='\(scenario.folder.path)'
      unset XDG_STATE_HOME XDG_DATA_HOME; cd '\(scenario.folder.path)'; source completion.bash
      COMP_WORDS=(\(words.map(Self.quoted).joined(separator: " "))); COMP_CWORD=\(words.count - 1)
      \(typedLine)_grocery; printf '%s\\n' "${COMPREPLY[@]}"
      """
    return try Tool.run("bash", ["-c", program], in: scenario.folder).stdout.split(separator: "\n").map(
      String.init)
  }

  /// Makes a second household in the scenario's folder with only Zucchini on its list, and returns its path.
  func otherStore(_ name: String) throws -> String {
    let path = scenario.folder.file(name)
    let outcome = try scenario.grocery.run(["--store", path, "add", "Zucchini"])
    #expect(outcome == Outcome(stdout: "added: Zucchini\n"))
    return path
  }

  @Test func bashCompletesCommandsOptionsAndNamesFromTheStore() throws {
    let complete = { (words: [String]) in try bashCompletes(words) }
    #expect(try complete(["grocery", "pur"]) == ["purchase"])
    #expect(try complete(["grocery", "add", "--sta"]) == ["--staple"])
    #expect(
      try complete(["grocery", "--"]).sorted() == [
        "--help", "--lock-timeout", "--quiet", "--store", "--version",
      ],
      "each global option once")
    #expect(try complete(["grocery", "purchase", "Mi"]) == ["Milk"])
    #expect(try complete(["grocery", "purchase", "mi"]) == ["Milk"], "names match without regard to case")
    #expect(
      try complete(["grocery", "add", "-c", "Dai"]) == ["Dairy & Fridge"], "readline quotes what it inserts")
    #expect(try complete(["grocery", "list", "--at", "Cos"]) == ["Costco"])
    #expect(try complete(["grocery", "list", "--format", "j"]) == ["json"])
    #expect(try complete(["grocery", "category", "re"]).sorted() == ["remove", "rename"])
    #expect(try complete(["grocery", "purchase", ""]).sorted() == Self.onTheList, "the list's items alone")
    #expect(try complete(["grocery", "buy", "Le"]) == ["Lemons"])
    try scenario.folder.write("items.json", "[]")
    let file = scenario.folder.file("items.json")
    let typed = scenario.folder.file("ite")
    #expect(try complete(["grocery", "import", typed]) == [file], "import completes files")
    #expect(try complete(["grocery", "export", "-o", typed]) == [file])
    #expect(try complete(["grocery", "import", "--format", "s"]) == ["shoppinglist14"])
  }

  @Test func bashOffersNamesFromTheStoreTypedWithStoreWithoutRunningAnythingInIt() throws {
    let spaced = try otherStore("other store")
    let dollar = try otherStore("$(touch x)")
    #expect(try bashCompletes(["grocery", "--store", Self.quoted(spaced), "purchase", ""]) == ["Zucchini"])
    #expect(
      try bashCompletes(["grocery", "--store", spaced.replacing(" ", with: "\\ "), "buy", "Z"]) == [
        "Zucchini"
      ])
    #expect(try bashCompletes(["grocery", "purchase", "--store=\"\(spaced)\"", ""]) == ["Zucchini"])
    #expect(
      try bashCompletes(["grocery", "--store", "=", Self.quoted(spaced), "purchase", ""]) == ["Zucchini"],
      "readline splits --store=PATH at the equals sign")
    #expect(try bashCompletes(["grocery", "--store", Self.quoted(dollar), "purchase", ""]) == ["Zucchini"])
    #expect(try bashCompletes(["grocery", "--store", "\"\(dollar)\"", "purchase", ""]) == ["Zucchini"])
    #expect(try bashCompletes(["grocery", "--store", dollar, "purchase", ""]) == ["Zucchini"])
    #expect(!FileManager.default.fileExists(atPath: scenario.folder.file("x")), "nothing typed is run")
    #expect(try bashCompletes(["grocery", "purchase", ""]).sorted() == Self.onTheList, "the usual store")
  }

  @Test func bashOffersCategoriesThenColoursToCategoryColor() throws {
    #expect(try bashCompletes(["grocery", "category", "color", ""]) == Self.categories)
    #expect(try bashCompletes(["grocery", "category", "color", "Produce", ""]) == Self.colours)
    #expect(
      try bashCompletes(["grocery", "category", "colour", "'Dairy & Fridge'", "bright-r"]) == ["bright-red"])
    #expect(
      try bashCompletes(["grocery", "category", "color", "--lock-timeout", "5", ""]) == Self.categories,
      "an option's value is no argument")
    #expect(
      try bashCompletes(["grocery", "--lock-timeout", "=", "5", "category", "color", "Produce", "gr"]) == [
        "green"
      ],
      "readline splits --lock-timeout=5 at the equals sign")
  }

  @Test func bashReadsACommandAsGroceryDoesAbbreviatedOrInCapitals() throws {
    #expect(try bashCompletes(["grocery", "pu", "Le"]) == ["Lemons"])
    #expect(try bashCompletes(["grocery", "PURCHASE", "Le"]) == ["Lemons"])
    #expect(try bashCompletes(["grocery", "Bu", "Le"]) == ["Lemons"], "an alias in any case")
    #expect(try bashCompletes(["grocery", "cat", "col", ""]) == Self.categories)
    #expect(try bashCompletes(["grocery", "cat", "col", "Produce", "gr"]) == ["green"])
    #expect(try bashCompletes(["grocery", "cat", "", "--sto"]) == ["--store"], "category's own options")
    #expect(try bashCompletes(["grocery", "re", "Le"]) == [], "re starts three commands: it names none")
    // An option by a start of its name that no other option of the command starts with, as the parser takes it
    // (found by a trial: after --cat, items were offered).
    #expect(try bashCompletes(["grocery", "add", "x", "--cat", "Dai"]) == ["Dairy & Fridge"])
    #expect(try bashCompletes(["grocery", "list", "--form", "j"]) == ["json"])
  }

  @Test func bashOffersFoldersForStoreAndNamesThatStartWithADashAfterTwoDashes() throws {
    try FileManager.default.createDirectory(
      atPath: scenario.folder.file("shop"), withIntermediateDirectories: false)
    try scenario.folder.write("shopping.txt", "")
    let typed = scenario.folder.file("sho")
    #expect(try bashCompletes(["grocery", "--store", typed]) == [scenario.folder.file("shop")])
    #expect(try bashCompletes(["grocery", "--store", "=", typed]) == [scenario.folder.file("shop")])
    #expect(try bashCompletes(["grocery", "list", "--store", typed]) == [scenario.folder.file("shop")])
    #expect(try bashCompletes(["grocery", "--lock-timeout", ""]) == [], "a number to type")
    try scenario.given(["add", "--", "-10% coupon"])
    #expect(try bashCompletes(["grocery", "buy", "--", "-1"]) == ["-10% coupon"])
    #expect(
      try bashCompletes(["grocery", "buy", "--", "x", "--at", "-1"]) == ["-10% coupon"], "a name, not --at")
    #expect(try bashCompletes(["grocery", "buy", "-"]).contains("--all"), "options before --")
  }

  /// Adds items whose names hold what people type differently: spaces, accents, capitals and letters paper spells.
  func addAwkwardNames() throws {
    try scenario.given(["add", "crème fraîche", "olive oil", "olive oil spray", "Œufs"])
  }

  @Test func bashCompletesWordsHoldingQuotesAndBackslashes() throws {
    try addAwkwardNames()
    #expect(try bashCompletes(["grocery", "purchase", "\"AA"]) == ["AA batteries"])
    #expect(try bashCompletes(["grocery", "purchase", "'cr"]) == ["crème fraîche"])
    #expect(try bashCompletes(["grocery", "purchase", "AA\\ b"]) == ["AA batteries"])
    #expect(
      try bashCompletes(["grocery", "purchase", "olive\\ oil"]) == ["Olive oil", "olive oil spray"],
      "a second Tab after readline filled in an escaped name still lists the longer one")
  }

  /// Items whose names hold each character the shell reads as more than itself, and the first word of each.
  static let shellSpecialNames = [
    "dollar $HOME", "tick `date`", "dq \"a\"", "sq 'b'", "bs \\c", "bang !x", "amp &x", "semi ;x", "pipe |x",
    "lt <x", "gt >x", "paren (x)", "star *x", "quest ?x", "bracket [x]", "hash #x", "tilde ~x", "brace {x}",
    "#lead", "~lead",
  ]

  /// Types each line into an interactive bash with the completion loaded, each followed by Tab and Enter, with
  /// `show` completed as grocery is and printing its arguments, and `extra` in its environment; returns what it
  /// printed, a line each.
  func bashTypes(_ lines: [String], extra: [String: String] = [:]) throws -> [String] {
    try scenario.folder.write("completion.bash", try scenario.grocery.run(["completions", "bash"]).stdout)
    try scenario.folder.write(
      "setup.bash",
      """
      PS1='$ '; source completion.bash
      show() { printf 'shown:'; printf '<%s>' "$@"; printf '\\n'; }
      complete -F _grocery show

      """)
    let binFolder = (GroceryProcess.binary as NSString).deletingLastPathComponent
    var environment = scenario.grocery.environment
    environment["PATH"] = binFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["TERM"] = "dumb"
    environment.merge(extra) { $1 }
    let keys =
      "cd '\(scenario.folder.path)'; source setup.bash\n" + lines.map { $0 + "\t\n" }.joined() + "exit\n"
    let output = try Terminal.run(
      try #require(Tool.path("bash")), ["--norc", "--noprofile", "-i"], environment: environment, keys: keys)
    print(output)
    return output.split(separator: "\n").compactMap { line in
      line.firstRange(of: "shown:").map { String(line[$0.upperBound...]) }
    }
  }

  @Test(.enabled(if: Tool.path("bash") != nil, "bash is not installed"))
  func bashInsertsEveryNameSoThatTheShellReadsItBackAsItIs() throws {
    try scenario.given(["add"] + Self.shellSpecialNames)
    // Each name's first word, which no other name starts with, then a few typed after an opening quote.
    let typed = Self.shellSpecialNames.map { "show edit " + $0.prefix { $0 != " " } }
    let quoted = ["'dol", "\"dol", "'tic", "\"tic", "\"bang", "'sq", "\"dq", "'~le", "\"bs"].map {
      "show edit " + $0
    }
    let shown = try bashTypes(typed + quoted)
    let expected =
      Self.shellSpecialNames + [
        "dollar $HOME", "dollar $HOME", "tick `date`", "tick `date`", "bang !x", "sq 'b'", "dq \"a\"",
        "~lead",
        "bs \\c",
      ]
    #expect(shown == expected.map { "<edit><\($0)>" })
  }

  /// A name that is also a folder where the shell is goes in as the name, where readline's quoting of file names
  /// marked it with a / and no space after it (found by a trial: `grocery buy Mint/`).
  @Test(.enabled(if: Tool.path("bash") != nil, "bash is not installed"))
  func bashInsertsANameThatIsAlsoAFolderHereWithoutASlash() throws {
    try scenario.given(["add", "Mint", "Produce stand"])
    for folder in ["Mint", "Produce stand"] {
      try FileManager.default.createDirectory(
        atPath: scenario.folder.file(folder), withIntermediateDirectories: true)
    }
    #expect(
      try bashTypes(["show edit Min", "show edit Produce\\ s"]) == ["<edit><Mint>", "<edit><Produce stand>"])
  }

  @Test(.enabled(if: Tool.path("bash") != nil, "bash is not installed"))
  func bashCompletesANameHoldingAnEqualsSignOrAColonThatReadlineSplitsAt() throws {
    try scenario.given(["add", "a=b ratio", "Oat: barista", "x:y:z", ":colon"])
    try FileManager.default.createDirectory(
      atPath: scenario.folder.file("st:ore"), withIntermediateDirectories: false)
    try FileManager.default.createDirectory(
      atPath: scenario.folder.file("a=b"), withIntermediateDirectories: false)
    try scenario.folder.write("a=b/items.json", "[]")
    // What is typed up to the last = or : stays as typed (in any case, as names match), and the rest goes in.
    let shown = try bashTypes([
      "show edit a=b", "show edit Oat:", "show edit X:y", "show list --format=j",
      "show --lock-timeout=5 edit oat:", "show edit -- :co", "show --store st:o", "show import a=b/it",
    ])
    #expect(
      shown == [
        "<edit><a=b ratio>", "<edit><Oat: barista>", "<edit><X:y:z>", "<list><--format=json>",
        "<--lock-timeout=5><edit><oat: barista>", "<edit><--><:colon>", "<--store><st:ore/>",
        "<import><a=b/items.json>",
      ])
  }

  @Test(.enabled(if: Tool.path("bash") != nil, "bash is not installed"))
  func bashCompletesANameHoldingAnAtSignThatReadlineSplitsAtAndKeeps() throws {
    try scenario.given(["add", "email@me", "tea@home", "Milk @ Costco", "x@@y", "a@b=c:d", "@home"])
    try scenario.given(["location", "add", "Shop@Mall"])
    try FileManager.default.createDirectory(
      atPath: scenario.folder.file("st@re"), withIntermediateDirectories: false)
    let shown = try bashTypes([
      "show buy email@m", "show buy Tea@h", "show buy Milk\\ @\\ C", "show buy x@@", "show buy a@b=c:",
      "show buy email@", "show buy @h", "show list --at=Shop@M", "show list --at Shop@", "show --store st@",
    ])
    #expect(
      shown == [
        "<buy><email@me>", "<buy><Tea@home>", "<buy><Milk @ Costco>", "<buy><x@@y>", "<buy><a@b=c:d>",
        "<buy><email@me>", "<buy><@home>", "<list><--at=Shop@Mall>", "<list><--at><Shop@Mall>",
        "<--store><st@re/>",
      ])
  }

  /// Readline splits a word at each break, a run of them a word of its own, and replaces what follows the
  /// last break before the cursor, with the break if it is an @: COMPREPLY holds what goes in its place.
  @Test func bashOffersOnlyWhatReplacesTheTextAfterTheLastWordBreak() throws {
    try scenario.given(["add", "email@me", "Milk @ Costco", "x@@y", "a@b=c:d", "@home", "x:@y"])
    try scenario.given(["location", "add", "@corner"])
    #expect(try bashCompletes(["grocery", "buy", "email", "@", "m"], line: "grocery buy email@m") == ["@me"])
    #expect(try bashCompletes(["grocery", "buy", "email", "@"], line: "grocery buy email@") == ["@me"])
    #expect(
      try bashCompletes(["grocery", "buy", "Milk\\ ", "@", "\\ C"], line: "grocery buy Milk\\ @\\ C") == [
        "@ Costco"
      ])
    #expect(try bashCompletes(["grocery", "buy", "x", "@@"], line: "grocery buy x@@") == ["@y"])
    #expect(try bashCompletes(["grocery", "buy", "x", ":@"], line: "grocery buy x:@") == ["@y"])
    #expect(
      try bashCompletes(["grocery", "buy", "a", "@", "b", "=", "c", ":"], line: "grocery buy a@b=c:") == ["d"]
    )
    #expect(try bashCompletes(["grocery", "buy", "@", "h"], line: "grocery buy @h") == ["@home"])
    #expect(
      try bashCompletes(["grocery", "buy", "@", "h"], line: "grocery buy @ h") == ["Honey", "Hummus"],
      "two words")
    #expect(
      try bashCompletes(["grocery", "list", "--at", "=@", "c"], line: "grocery list --at=@c") == ["@corner"],
      "the = of --at= is read apart from the @ readline keeps with it")
  }

  /// A name's characters that the shell reads as its own go in escaped, and readline splits no word there.
  @Test(.enabled(if: Tool.path("bash") != nil, "bash is not installed"))
  func bashCompletesANameHoldingAnEscapedShellCharacterInAnyWordOfIt() throws {
    try scenario.given(["add", "gt >x", "lt <x", "semi ;x", "pipe |x", "amp &x", "paren (x)"])
    let typed = [
      "gt\\ \\>", "lt\\ \\<", "semi\\ \\;", "pipe\\ \\|", "amp\\ \\&", "paren\\ \\(", "'paren (", "\"amp &",
    ]
    let shown = try bashTypes(typed.map { "show buy " + $0 })
    #expect(
      shown
        == ["gt >x", "lt <x", "semi ;x", "pipe |x", "amp &x", "paren (x)", "paren (x)", "amp &x"].map {
          "<buy><\($0)>"
        })
  }

  @Test func bashMatchesNamesAsTheCommandsDo() throws {
    try addAwkwardNames()
    #expect(try bashCompletes(["grocery", "purchase", "cre"]) == ["crème fraîche"])
    #expect(try bashCompletes(["grocery", "purchase", "CRÈ"]) == ["crème fraîche"])
    #expect(try bashCompletes(["grocery", "purchase", "oeu"]) == ["Œufs"])
    #expect(try bashCompletes(["grocery", "list", "-c", "dairy"]) == ["Dairy & Fridge"])
    #expect(try bashCompletes(["grocery", "PUR"]) == ["purchase"], "fixed words in any case")
  }

  @Test func bashCompletesTheValueAfterAnEqualsSign() throws {
    #expect(
      try bashCompletes(["grocery", "list", "--format", "="]).sorted() == [
        "csv", "json", "markdown", "print", "text",
      ])
    #expect(try bashCompletes(["grocery", "list", "--format", "=", "j"]) == ["json"])
    #expect(try bashCompletes(["grocery", "list", "--at", "=", "cos"]) == ["Costco"])
    #expect(try bashCompletes(["grocery", "add", "x", "-c", "=", "Dai"]) == ["Dairy & Fridge"], "-c=Dai")
  }

  /// After `help`, the words name a command as they do after grocery: `help category ` offers what `category `
  /// does, and a command with none under it offers nothing more (it offered the commands again).
  @Test func bashCompletesTheCommandsHelpIsFor() throws {
    #expect(try bashCompletes(["grocery", "help", "category", "ren"]) == ["rename"])
    #expect(try bashCompletes(["grocery", "help", "Cat", "co"]).sorted() == ["color", "colour"])
    #expect(try bashCompletes(["grocery", "help", "add", ""]) == [])
    #expect(try bashCompletes(["grocery", "help", "category", "rename", ""]) == [])
    #expect(try bashCompletes(["grocery", "help", "category", "--m"]).sorted() == ["--man", "--markdown"])
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshCompletesTheCommandsHelpIsFor() throws {
    #expect(try zshCompletes(["grocery", "help", "category", "ren"]) == "rename\n")
    let trip = try zshCompletes(["grocery", "trip", "st"])
    #expect(trip.contains("start") && trip.contains("stop"))
    #expect(try zshCompletes(["grocery", "help", "trip", "st"]) == trip)
    #expect(try zshCompletes(["grocery", "help", "add", ""]) == "")
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishCompletesTheCommandsHelpIsFor() throws {
    #expect(try fishNames("grocery help category ren") == ["rename"])
    #expect(try fishNames("grocery help add ") == [])
    #expect(try fishNames("grocery help category --m") == ["--man", "--markdown"])
  }

  /// The start of an option's name that takes a value is read as the option, as the parser reads it (`--cat` as
  /// `--category`): its values are offered after it, not the command's arguments.
  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishReadsAnOptionByTheStartOfItsName() throws {
    #expect(try fishNames("grocery add x --cat Dai") == ["Dairy & Fridge"])
    #expect(try fishNames("grocery list --form j") == ["json"])
    #expect(try fishNames("grocery edit Milk --ren ") == [], "a new name: nothing to offer")
    #expect(
      try fishNames("grocery edit --cat Produce Mi") == ["Milk"], "after the option's value, names again")
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshMatchesNamesAsTheCommandsDoAndShowsThemUnescaped() throws {
    try addAwkwardNames()
    #expect(try zshCompletes(["grocery", "purchase", "cre"]) == "crème fraîche\n")
    #expect(try zshCompletes(["grocery", "purchase", "aa"]) == "AA batteries\n", "any case")
    #expect(try zshCompletes(["grocery", "purchase", "'cr"]) == "crème fraîche\n")
    #expect(
      try zshCompletes(["grocery", "purchase", "olive\\ oil"]) == "Olive oil|olive oil spray\ninsert: menu\n",
      "names that differ from what was typed, and have less than it in common, go in one at a time")
    #expect(try zshCompletes(["grocery", "buy", "oeu"]) == "Œufs\n")
    #expect(
      try zshCompletes(["grocery", "add", "x", "--cat", "Dai"]) == "Dairy & Fridge\n", "an option's start")
    #expect(
      try zshCompletes(["grocery", "buy", "aa"], showingMenu: true) == "AA batteries\nmenu:\nAA batteries\n",
      "the menu shows the name as it is, not escaped")
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshPutsInNamesOneAtATimeWhenTheyHaveLessInCommonThanWasTyped() throws {
    try scenario.given(["add", "Cream cheese", "crème brûlée", "crème fraîche", "olive oil spray"])
    #expect(
      try zshCompletes(["grocery", "edit", "cr"])
        == "Crackers|Cream cheese|crème brûlée|crème fraîche\ninsert: menu\n")
    #expect(
      try zshCompletes(["grocery", "edit", "CREM"]) == "crème brûlée|crème fraîche\n", "crème in common")
    #expect(try zshCompletes(["grocery", "edit", "Cra"]) == "Crackers\n")
    #expect(try zshCompletes(["grocery", "edit", "Olive"]) == "Olive oil|olive oil spray\ninsert: menu\n")
    #expect(try zshCompletes(["grocery", "edit", "olive\\ oil\\ s"]) == "olive oil spray\n")
    #expect(try zshCompletes(["grocery", "edit", "\"olive oil s"]) == "olive oil spray\n")
  }

  /// Types each line into an interactive zsh with the completion loaded from fpath, each followed by `Tab` and
  /// Enter, with `show` completed as grocery is and printing its arguments, and `extra` in its environment;
  /// returns what it printed, a line each.
  func zshTypes(_ lines: [String], extra: [String: String] = [:]) throws -> [String] {
    let functions = scenario.folder.file("zsh-functions")
    try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
    try scenario.folder.write(
      "zsh-functions/_grocery", try scenario.grocery.run(["completions", "zsh"]).stdout)
    try scenario.folder.write(
      "setup.zsh",
      """
      PS1='%% '; fpath=('\(functions)' $fpath)
      autoload -Uz compinit && compinit -u -d '\(scenario.folder.file("zcompdump"))'
      show() { printf 'shown:'; printf '<%s>' "$@"; printf '\\n'; }
      compdef _grocery show

      """)
    let binFolder = (GroceryProcess.binary as NSString).deletingLastPathComponent
    var environment = scenario.grocery.environment
    environment["PATH"] = binFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["TERM"] = "dumb"
    environment.merge(extra) { $1 }
    let keys =
      "cd '\(scenario.folder.path)'; source setup.zsh\n"
      + lines.map { $0.replacing("TAB", with: "\t") + "\n" }
      .joined() + "exit\n"
    let output = try Terminal.run(
      try #require(Tool.path("zsh")), ["-f", "-i"], environment: environment, keys: keys)
    return output.split(separator: "\n").compactMap { line in
      line.firstRange(of: "shown:").map { String(line[$0.upperBound...]) }
    }
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshKeepsTheOptionBeforeAnEqualsSignAsItPutsInAName() throws {
    let shown = try zshTypes([
      "show add x --category=DaTAB", "show list --at=CosTAB", "show list --at=costTAB",
      "show list --format=jsTAB", "show add y -c=DaiTAB",
    ])
    #expect(
      shown == [
        "<add><x><--category=Dairy & Fridge>", "<list><--at=Costco>", "<list><--at=Costco>",
        "<list><--format=json>", "<add><y><-c=Dairy & Fridge>",
      ])
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshNeverErasesWhatWasTypedAndOffersOnlyTheNamesThatMatchIt() throws {
    try scenario.given([
      "add", "Cream cheese", "crème fraîche", "oat milk", "Œufs", "~lead", "#lead", "=lead",
    ])
    let shown = try zshTypes([
      "show buy crTAB", "show buy crTABTAB", "show buy crTABTABTAB", "show buy oeTAB", "show buy 'oat mTAB",
      // A bare ~ that starts a word is zsh's own, which completes user and folder names after it.
      "show buy crackTAB", "show buy \\~leTAB", "show buy #leTAB", "show buy \\=leTAB",
    ])
    #expect(shown.count == 9, "\(shown)")
    #expect(
      Set(shown.prefix(2)) == ["<buy><Cream cheese>", "<buy><crème fraîche>"] && shown[2] == shown[0],
      "each Tab puts in the next item on the list that cr could mean, and only those, then the first again")
    #expect(
      shown.dropFirst(3) == [
        "<buy><Œufs>", "<buy><oat milk>", "<buy><Crackers>", "<buy><~lead>", "<buy><#lead>", "<buy><=lead>",
      ])
  }

  /// A name's own leading quote, typed escaped or inside the other quotes, is part of what is matched, where it was
  /// taken off as an opening quote and another name that starts with the rest went in (found by a trial).
  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshMatchesANamesOwnLeadingQuote() throws {
    try scenario.given(["add", "'Nduja", "Nduja paste", "\"Big\" Bagels"])
    let shown = try zshTypes([
      "show buy \\'NdTAB", "show buy \"'NdTAB", "show buy NdTAB", "show buy \\\"BiTAB", "show buy '\"BiTAB",
    ])
    #expect(
      shown == [
        "<buy><'Nduja>", "<buy><'Nduja>", "<buy><Nduja paste>", "<buy><\"Big\" Bagels>",
        "<buy><\"Big\" Bagels>",
      ])
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshShowsDescriptionsAndMatchesWordsInAnyCase() throws {
    #expect(
      try zshCompletes(["grocery", "list", "--format", ""], showingMenu: true) == """
        text|markdown|json|csv|print
        menu:
        text  -- Plain text under category headings
        markdown  -- A Markdown checklist
        json  -- JSON for scripts
        csv  -- Comma-separated values for a spreadsheet
        print  -- Plain ASCII columns for paper

        """)
    #expect(try zshCompletes(["grocery", "PURCH"]) == "purchase\n")
    #expect(try zshCompletes(["grocery", "list", "--format=j"]) == "json\n")
    #expect(try zshCompletes(["grocery", "list", "--at=cos"]) == "--at=Costco\n", "the name puts --at= back")
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishMatchesNamesAsTheCommandsDo() throws {
    try addAwkwardNames()
    #expect(try fishNames("grocery purchase cre") == ["crème fraîche"])
    #expect(try fishNames("grocery purchase 'cr") == ["crème fraîche"])
    #expect(try fishNames("grocery purchase aa") == ["AA batteries"])
  }

  /// After `purchase`, an item off the list whose accents are typed is offered where an item on the list matches
  /// only as grocery does, without them, which fish then hid, leaving nothing (found by a trial); a name that
  /// starts with `-` is offered only after `--`, as the other shells offer it and the parser reads it.
  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishOffersAnItemOffTheListWhenTheListedOnesDifferInAccentsAndDashedNamesAfterDashes() throws {
    try scenario.given(["add", "Äpfel", "Apfelsaft"], ["purchase", "äpfel"], ["add", "--", "-dash"])
    #expect(try fishNames("grocery purchase Äp") == ["Äpfel"])
    #expect(try fishNames("grocery purchase Ap").sorted() == ["Apfelsaft", "Apples"], "the list first")
    #expect(try fishNames("grocery purchase ap").sorted() == ["Apfelsaft", "Apples"], "in any case")
    #expect(try fishNames("grocery remove -da") == [])
    #expect(try fishNames("grocery remove -- -da") == ["-dash"])
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishReadsACommandAsGroceryDoesAbbreviatedOrInCapitals() throws {
    #expect(try fishNames("grocery pu Le") == ["Lemons"])
    #expect(try fishNames("grocery PURCHASE Le") == ["Lemons"])
    #expect(try fishNames("grocery Bu Le") == ["Lemons"], "an alias in any case")
    #expect(try fishNames("grocery cat col Produce gr") == ["green"])
    #expect(try fishNames("grocery --lock-timeout 5 cat col Produce gr") == ["green"], "5 is no command")
    #expect(try fishNames("grocery re Le") == [], "re starts three commands: it names none")
    #expect(try fishNames("grocery purchase add ") == Self.onTheList, "add is an item there")
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishCompletesANameAfterAnEqualsSign() throws {
    #expect(try fishNames("grocery add x --category=Dai") == ["--category=Dairy & Fridge"])
    #expect(
      try fishNames("grocery list --at=cos") == ["--at=Costco"], "in another case, the name keeps --at=")
    #expect(try fishNames("grocery list --at=Cos") == ["--at=Costco"])
    #expect(try fishNames("grocery list --at cos") == ["Costco"])
    #expect(
      try fishNames("grocery list --at=")
        == ["Corner Market", "Costco", "Farmers Market"].map { "--at=" + $0 },
      "once, where nothing is typed after it")
  }

  /// A name offered says what it is, not the help of the option it follows (`A new category.` beside each).
  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishDescribesEachNameAsWhatItIs() throws {
    try addAwkwardNames()
    #expect(try fishCompletes("grocery purchase cre") == ["crème fraîche\titem"])
    let categories = try fishCompletes("grocery edit milk --category ")
    #expect(!categories.isEmpty && categories.allSatisfy { $0.hasSuffix("\tcategory") }, "\(categories)")
    #expect(try fishCompletes("grocery list --at cos") == ["Costco\tstore"])
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishOffersOnlyTheChoicesAfterAnOptionWithAFixedSetOfValues() throws {
    let script = try scenario.grocery.run(["completions", "fish"]).stdout
    try scenario.folder.write("grocery.fish", script)
    try scenario.folder.write("a-file-that-must-not-be-offered", "")
    let binFolder = (GroceryProcess.binary as NSString).deletingLastPathComponent
    let program = """
      set -x PATH '\(binFolder)' $PATH; set -x GROCERY_STORE '\(scenario.grocery.store)'
      set -x HOME '\(scenario.folder.path)'; set -e XDG_STATE_HOME; set -e XDG_DATA_HOME
      cd '\(scenario.folder.path)'; source grocery.fish; complete -C 'grocery list --format '
      """
    let offered = try Tool.run("fish", ["--no-config", "-c", program], in: scenario.folder).stdout
      .split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    #expect(offered.sorted() == ["csv", "json", "markdown", "print", "text"], "\(offered)")
  }

  /// Runs fish's own completion of a command line against the sample household: the names offered, without the
  /// description each carries (`item`, `category`, `store`).
  func fishNames(_ line: String, extra: [String: String] = [:]) throws -> [String] {
    try fishCompletes(line, extra: extra).map { String($0.split(separator: "\t").first ?? "") }
  }

  /// Runs fish's own completion of a command line against the sample household: each word offered, with the
  /// description fish shows beside it; fish runs with `extra` in its environment.
  func fishCompletes(_ line: String, extra: [String: String] = [:]) throws -> [String] {
    let script = try scenario.grocery.run(["completions", "fish"]).stdout
    try scenario.folder.write("grocery.fish", script)
    let binFolder = (GroceryProcess.binary as NSString).deletingLastPathComponent
    let program = """
      set -x PATH '\(binFolder)' $PATH; set -x GROCERY_STORE '\(scenario.grocery.store)'
      set -x HOME '\(scenario.folder.path)'; set -e XDG_STATE_HOME; set -e XDG_DATA_HOME
      cd '\(scenario.folder.path)'; source grocery.fish; complete -C \(Self.fishQuoted(line))
      """
    return try Tool.run("fish", ["--no-config", "-c", program], environment: extra, in: scenario.folder)
      .stdout
      .split(separator: "\n").map(String.init)
  }

  /// Quotes a word for fish, whose single quotes take a backslash before a backslash or a single quote.
  static func fishQuoted(_ word: String) -> String {
    "'" + word.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishOffersNamesFromTheStoreTypedWithStoreWithoutRunningAnythingInIt() throws {
    let spaced = try otherStore("other store")
    let dollar = try otherStore("$(touch x)")
    #expect(try fishNames("grocery --store \(Self.quoted(spaced)) purchase ") == ["Zucchini"])
    #expect(try fishNames("grocery buy --store=\(spaced.replacing(" ", with: "\\ ")) Z") == ["Zucchini"])
    #expect(try fishNames("grocery --store \(Self.quoted(dollar)) purchase ") == ["Zucchini"])
    #expect(try fishNames("grocery --store \"\(dollar)\" purchase ") == ["Zucchini"])
    #expect(!FileManager.default.fileExists(atPath: scenario.folder.file("x")), "nothing typed is run")
    #expect(try fishNames("grocery purchase ").sorted() == Self.onTheList, "the usual store")
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishOffersCategoriesThenColoursToCategoryColor() throws {
    let colours = Self.colours.map { $0 == "--none" ? "--none\tTake the category's colour away." : $0 }
    #expect(try fishNames("grocery category color ").sorted() == Self.categories.sorted())
    #expect(try fishCompletes("grocery category color Produce ").sorted() == colours.sorted())
    #expect(try fishCompletes("grocery category colour 'Dairy & Fridge' bright-r") == ["bright-red"])
    #expect(
      try fishNames("grocery category color --lock-timeout 5 ").sorted() == Self.categories.sorted(),
      "an option's value is no argument")
    #expect(try fishCompletes("grocery --lock-timeout 5 category color Produce gr") == ["green"])
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishOffersEachFixedValueWithItsOwnDescription() throws {
    #expect(
      try fishCompletes("grocery list --format ").sorted() == [
        "csv\tComma-separated values for a spreadsheet", "json\tJSON for scripts",
        "markdown\tA Markdown checklist", "print\tPlain ASCII columns for paper",
        "text\tPlain text under category headings",
      ])
    #expect(try fishCompletes("grocery list -f print --columns ") == ["1\tOne column", "2\tTwo columns"])
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishOffersFilesToImportAndToExportTo() throws {
    try scenario.folder.write("items.json", "[]")
    #expect(try fishCompletes("grocery import ite") == ["items.json"])
    #expect(try fishCompletes("grocery export --output ite") == ["items.json"])
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishOffersVersionOnlyBeforeACommand() throws {
    #expect(try fishCompletes("grocery --vers") == ["--version\tShow the version."])
    #expect(try !fishCompletes("grocery edit milk --").contains { $0.hasPrefix("--version") })
  }

  @Test(.enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"))
  func fishOffersTheItemsOnTheListAfterPurchase() throws {
    #expect(try fishNames("grocery purchase ").sorted() == Self.onTheList)
    #expect(try fishNames("grocery buy Mi") == ["Milk"], "every item when none on the list fits")
  }

  /// Runs zsh's completion function, with compadd captured, on words as zsh hands them over (quotes and all, but
  /// PREFIX without an opening quote, which zsh keeps in compstate[quote]); a line `insert: menu` follows when it
  /// asks zsh to put the first name in and each Tab the next.
  func zshCompletes(_ words: [String], showingMenu: Bool = false) throws -> String {
    var prefix = words.last ?? ""
    if prefix.first == "'" || prefix.first == "\"" { prefix.removeFirst() }
    let script = try scenario.grocery.run(["completions", "zsh"]).stdout
    try scenario.folder.write("_grocery", script)
    let binFolder = (GroceryProcess.binary as NSString).deletingLastPathComponent
    let program = """
      export PATH='\(binFolder)':"$PATH" GROCERY_STORE='\(scenario.grocery.store)' HOME='\(scenario.folder.path)'
      unset XDG_STATE_HOME XDG_DATA_HOME; cd '\(scenario.folder.path)'
      autoload -Uz compinit && compinit -u -d '\(scenario.folder.file("zcompdump"))'
      source '\(scenario.folder.file("_grocery"))'
      \(Self.zshCompadd)
      words=(\(words.map(Self.quoted).joined(separator: " "))) CURRENT=\(words.count)
      PREFIX=\(Self.quoted(prefix)) IPREFIX=''\(showingMenu ? " SHOW_DISPLAYS=1" : "")
      typeset -A compstate
      _grocery
      [[ -n ${compstate[insert]} ]] && print -r -- "insert: ${compstate[insert]}"
      """
    return try Tool.run("zsh", ["-f", "-c", program], in: scenario.folder).stdout
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshReadsACommandAsGroceryDoesAbbreviatedOrInCapitals() throws {
    #expect(try zshCompletes(["grocery", "pu", "Le"]) == "Lemons\n")
    #expect(try zshCompletes(["grocery", "PURCHASE", "Le"]) == "Lemons\n")
    #expect(try zshCompletes(["grocery", "Bu", "Le"]) == "Lemons\n", "an alias in any case")
    #expect(try zshCompletes(["grocery", "cat", "col", "Produce", "gr"]) == "green\n")
    #expect(try zshCompletes(["grocery", "re", "Le"]) == "", "re starts three commands: it names none")
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshOffersNamesThatStartWithADashAfterTwoDashes() throws {
    try scenario.given(["add", "--", "-10% coupon"])
    #expect(try zshCompletes(["grocery", "buy", "--", "-1"]) == "-10% coupon\n")
    #expect(try zshCompletes(["grocery", "buy", "--", "x", "--at", "-1"]) == "-10% coupon\n")
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshOffersNamesFromTheStoreTypedWithStoreWithoutRunningAnythingInIt() throws {
    let spaced = try otherStore("other store")
    let dollar = try otherStore("$(touch x)")
    #expect(try zshCompletes(["grocery", "--store", Self.quoted(spaced), "purchase", ""]) == "Zucchini\n")
    #expect(
      try zshCompletes(["grocery", "buy", "--store=" + spaced.replacing(" ", with: "\\ "), "Z"])
        == "Zucchini\n")
    #expect(try zshCompletes(["grocery", "--store", Self.quoted(dollar), "purchase", ""]) == "Zucchini\n")
    #expect(try zshCompletes(["grocery", "--store", "\"\(dollar)\"", "purchase", ""]) == "Zucchini\n")
    #expect(try zshCompletes(["grocery", "--store", dollar, "purchase", ""]) == "Zucchini\n")
    #expect(!FileManager.default.fileExists(atPath: scenario.folder.file("x")), "nothing typed is run")
    #expect(try zshCompletes(["grocery", "purchase", ""]) == Self.onTheList.joined(separator: "|") + "\n")
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshOffersCategoriesThenColoursToCategoryColor() throws {
    #expect(
      try zshCompletes(["grocery", "category", "color", ""]) == Self.categories.joined(separator: "|") + "\n")
    #expect(
      try zshCompletes(["grocery", "category", "color", "Produce", ""]) == Self.colours.joined(separator: "|")
        + "\n")
    #expect(
      try zshCompletes(["grocery", "category", "colour", "'Dairy & Fridge'", "bright-r"]) == "bright-red\n")
    #expect(
      try zshCompletes(["grocery", "category", "color", "--lock-timeout", "5", ""])
        == Self.categories.joined(separator: "|") + "\n", "an option's value is no argument")
    #expect(
      try zshCompletes(["grocery", "--lock-timeout", "5", "category", "color", "Produce", "gr"]) == "green\n")
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshCompletesNamesFromTheStore() throws {
    let complete = { (words: [String]) in try zshCompletes(words) }
    #expect(try complete(["grocery", "purchase", "Mi"]).contains("Milk"))
    #expect(try complete(["grocery", "reorder-categories", ""]).contains("Dairy & Fridge"))
    #expect(try complete(["grocery", "purchase", ""]) == Self.onTheList.joined(separator: "|") + "\n")
  }

  @Test(.enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"))
  func zshCompletesOnTheFirstTabWhenLoadedFromFpath() throws {
    let functions = scenario.folder.file("zsh-functions")
    try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
    try scenario.folder.write(
      "zsh-functions/_grocery", try scenario.grocery.run(["completions", "zsh"]).stdout)
    let binFolder = (GroceryProcess.binary as NSString).deletingLastPathComponent
    // compinit autoloads _grocery from fpath; the first call is the first Tab of a new shell.
    let program = """
      unset XDG_STATE_HOME XDG_DATA_HOME
      export PATH='\(binFolder)':"$PATH" GROCERY_STORE='\(scenario.grocery.store)' HOME='\(scenario.folder.path)'
      fpath=('\(functions)' $fpath)
      autoload -Uz compinit && compinit -u -d '\(scenario.folder.file("zcompdump-fpath"))'
      \(Self.zshCompadd)
      words=(grocery purchase Mi) CURRENT=3 PREFIX=Mi
      _grocery
      """
    let first = try Tool.run("zsh", ["-f", "-c", program], in: scenario.folder)
    #expect(first.stdout.contains("Milk"), "\(first)")
  }

  /// Items, and the Turkish locale with what each shell makes of `EDIT` lowered in it, to show that the locale
  /// lowers I to a dotless ı there, as the completion must not.
  func turkish(_ shell: String, lowering: [String]) throws -> (environment: [String: String], lowered: String)
  {
    try addAwkwardNames()
    let environment = try TurkishLocale.environment(in: scenario.folder)
    let lowered = try Tool.run(shell, lowering, environment: environment, in: scenario.folder)
    return (environment, lowered.stdout)
  }

  @Test(
    .enabled(if: Tool.path("bash") != nil, "bash is not installed"),
    .enabled(
      if: TurkishLocale.canBeBuilt, "localedef cannot build tr_TR.UTF-8 here (Debian: libc-bin, locales)"))
  func bashMatchesCommandsOptionsAndValuesInASCIIInATurkishLocale() throws {
    let (environment, lowered) = try turkish("bash", lowering: ["-c", "word=EDIT; printf %s \"${word,,}\""])
    #expect(lowered == "edıt")
    let shown = try bashTypes(
      [
        "show EDIT Le", "show EDIT mi", "show LI", "show list --format=PRI", "show list --format PRI",
        "show EDIT crè",
      ], extra: environment)
    #expect(
      shown == [
        "<EDIT><Lemons>", "<EDIT><Milk>", "<list>", "<list><--format=print>", "<list><--format><print>",
        "<EDIT><crème fraîche>",
      ])
  }

  @Test(
    .enabled(if: Tool.path("zsh") != nil, "zsh is not installed (.ci/setup installs it on Debian)"),
    .enabled(
      if: TurkishLocale.canBeBuilt, "localedef cannot build tr_TR.UTF-8 here (Debian: libc-bin, locales)"))
  func zshMatchesCommandsOptionsAndValuesInASCIIInATurkishLocale() throws {
    let (environment, lowered) = try turkish(
      "zsh", lowering: ["-f", "-c", "word=EDIT; print -rn -- ${(L)word}"])
    #expect(lowered == "edıt")
    let shown = try zshTypes(
      [
        "show EDIT LeTAB", "show EDIT miTAB", "show LITAB", "show list --format=PRITAB",
        "show list --format PRITAB", "show EDIT crèTAB",
      ], extra: environment)
    #expect(
      shown == [
        "<EDIT><Lemons>", "<EDIT><Milk>", "<list>", "<list><--format=print>", "<list><--format><print>",
        "<EDIT><crème fraîche>",
      ])
  }

  @Test(
    .enabled(if: Tool.path("fish") != nil, "fish is not installed (.ci/setup installs it on Debian)"),
    .enabled(
      if: TurkishLocale.canBeBuilt, "localedef cannot build tr_TR.UTF-8 here (Debian: libc-bin, locales)"))
  func fishMatchesCommandsOptionsAndValuesInASCIIInATurkishLocale() throws {
    let (environment, lowered) = try turkish("fish", lowering: ["--no-config", "-c", "string lower EDIT"])
    #expect(lowered == "edıt\n")
    #expect(try fishNames("grocery EDIT Le", extra: environment) == ["Lemons"])
    #expect(try fishNames("grocery EDIT mi", extra: environment) == ["Milk"])
    #expect(try fishNames("grocery LI", extra: environment) == ["list"])
    #expect(try fishNames("grocery list --format PRI", extra: environment) == ["print"])
    #expect(try fishNames("grocery EDIT crè", extra: environment) == ["crème fraîche"])
  }

  @Test func theManPageRendersWithoutWarningsAndHasItsSections() throws {
    let page = try scenario.grocery.run(["help", "--man"])
    #expect(page.status == 0)
    for section in ["NAME", "SYNOPSIS", "COMMANDS", "FILES", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"] {
      #expect(page.stdout.contains(".SH \(section)\n"), "\(section)")
    }
    guard Tool.path("groff") != nil else {
      print("skipped: groff is not installed (.ci/setup installs it on Debian)")
      return
    }
    let rendered = try Tool.run(
      "groff", ["-man", "-Tutf8", "-ww", "-z"], stdin: page.stdout, in: scenario.folder)
    #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered.stderr)")
  }

  @Test func theManPageIsDatedAndNamesTZAZshExampleAndTheSampleOnce() throws {
    let page = try scenario.grocery.run(["help", "--man"]).stdout
    #expect(page.hasPrefix(".TH GROCERY 1 2026-11-27 \"grocery 2.0.0\" \"User Commands\"\n"))
    #expect(page.contains(".TP\n.B TZ\n"))
    #expect(page.contains("\ngrocery completions zsh > ~/.local/share/zsh/site\\-functions/_grocery\n"))
    #expect(page.components(separatedBy: "sample household").count == 2, "--sample is described once")
  }

  @Test(.enabled(if: Tool.path("man") != nil, "man is not installed (.ci/setup installs groff on Debian)"))
  func everyLineOfTheRenderedManPageFitsEightyColumns() throws {
    let page = try scenario.grocery.run(["help", "--man"]).stdout
    let rendered = try Tool.run(
      "env", ["MANWIDTH=80", "MANPAGER=cat", "man", "-l", "-"], stdin: page, in: scenario.folder)
    #expect(rendered.status == 0, "\(rendered.stderr)")
    let lines = rendered.stdout.split(separator: "\n")
    #expect(lines.count > 100 && lines.contains { $0.contains("grocery completions bash \\") })
    #expect(lines.filter { $0.count > 80 } == [])
  }

  @Test func thePrintLayoutGoesThroughEnscript() throws {
    let printed = try scenario.grocery.run(["list", "--format", "print", "--at", "costco"])
    #expect(printed.status == 0)
    let lines = printed.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "Groceries - Saturday 2026-11-21 - Costco")
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(printed.stdout.unicodeScalars.allSatisfy { $0 == "\n" || (0x20..<0x7F).contains($0.value) })
    #expect(lines.count <= 60, "a sample week fits one page")
    guard Tool.path("enscript") != nil else {
      print("skipped: enscript is not installed (.ci/setup installs it on Debian)")
      return
    }
    let postscript = try Tool.run(
      "enscript", ["-B", "-q", "-p", "-"], stdin: printed.stdout, in: scenario.folder)
    #expect(postscript.status == 0, "\(postscript.stderr)")
    #expect(postscript.stdout.hasPrefix("%!PS"))
    #expect(!postscript.stderr.contains("non-printable") && !postscript.stderr.contains("wrapped"))
  }

  @Test func theUTF8PrintLayoutKeepsEveryAlphabetAndGoesThroughPapsToPNG() throws {
    try scenario.given(["add", "молоко", "γάλα", "日本茶"])
    let ascii = try scenario.grocery.run(["list", "--format", "print"]).stdout
    #expect(ascii.contains("[ ] ??????") && ascii.contains("\nDAIRY & FRIDGE"), "ASCII paper loses them")
    let printed = try scenario.grocery.run(["list", "--format", "print", "--utf8"])
    #expect(printed.status == 0)
    for name in ["[ ] молоко", "[ ] γάλα", "[ ] 日本茶"] { #expect(printed.stdout.contains(name), "\(name)") }
    #expect(!printed.stdout.contains("?"))
    try scenario.expect(
      ["list", "--utf8"],
      stderr: "grocery: error: option '--utf8' goes with '--format print'\n"
        + "usage: grocery list [OPTIONS] (see 'grocery list --help')\n", status: 64)
    // The check docs/printing.md describes: paps lays the UTF-8 text out, ghostscript draws it to PNG.
    guard Tool.path("paps") != nil else {
      print("skipped: paps is not installed (.ci/setup installs it on Debian)")
      return
    }
    let postscript = try Tool.run("paps", [], stdin: printed.stdout, in: scenario.folder)
    #expect(postscript.status == 0 && postscript.stdout.hasPrefix("%!PS"), "\(postscript.stderr)")
    guard Tool.path("gs") != nil else {
      print("skipped: ghostscript is not installed (.ci/setup installs it on Debian)")
      return
    }
    let png = scenario.folder.file("list.png")
    let drawn = try Tool.run(
      "gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-r50", "-o", png, "-"],
      stdin: postscript.stdout, in: scenario.folder)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    let bytes = try #require(FileManager.default.contents(atPath: png))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
  }

  @Test func jsonAndCSVReadBackWithIndependentParsers() throws {
    guard Tool.path("python3") != nil else {
      print("skipped: python3 is not installed")
      return
    }
    let json = try scenario.grocery.run(["list", "--all", "--format", "json"]).stdout
    let parsed = try Tool.run(
      "python3",
      [
        "-c",
        "import json,sys; d=json.load(sys.stdin); print(d['version'], len(d['items']), d['items'][0]['name'])",
      ],
      stdin: json, in: scenario.folder)
    #expect(parsed.stdout == "1 61 Apples\n", "\(parsed)")
    let csv = try scenario.grocery.run(["list", "--all", "--format", "csv"]).stdout
    let rows = try Tool.run(
      "python3",
      [
        "-c",
        "import csv,sys; r=list(csv.reader(sys.stdin)); print(len(r), r[0][1], len({len(x) for x in r}))",
      ],
      stdin: csv, in: scenario.folder)
    #expect(rows.stdout == "62 name 1\n", "\(rows)")
    let history = try scenario.grocery.run(["history", "milk", "--format", "json"]).stdout
    let log = try Tool.run(
      "python3", ["-c", "import json,sys; d=json.load(sys.stdin); print(d['version'], d['purchases'][0])"],
      stdin: history, in: scenario.folder)
    #expect(
      log.stdout
        == "1 {'by': None, 'category': 'Dairy & Fridge', 'date': '2026-11-21', 'name': 'Milk', 'quantity': 2}\n"
    )
  }
}

@Suite struct CadenceCommandTests {
  let scenario = Scenario()

  init() throws {
    try scenario.given(["staple", "milk", "coffee", "flour"])
    for day in ["2026-10-31", "2026-11-07", "2026-11-14"] {
      try scenario.given(["purchase", "milk", "--on", day])
    }
    for day in ["2026-10-01", "2026-10-31"] { try scenario.given(["purchase", "flour", "--on", day]) }
  }

  @Test func theStapleListShowsIntervalsAndWhenEachIsDue() throws {
    try scenario.expect(
      ["list", "--staples"],
      stdout: """
        Uncategorized
              coffee (every 7 days (assumed); never bought; due now)
              flour (every 30 days; last bought 2026-10-31; due 2026-11-30)
              milk (every 7 days; last bought 2026-11-14; due now)

        3 staples, 0 on the list, 2 more due to restock

        """)
  }

  @Test func restockDueTakesOnlyWhatIsDueAndHonoursWithinAndEvery() throws {
    try scenario.expect(["restock", "--due", "--dry-run"], stdout: "would add: coffee\nwould add: milk\n")
    try scenario.expect(
      ["restock", "--due", "--within", "9", "--dry-run"],
      stdout: "would add: coffee\nwould add: flour\nwould add: milk\n")
    try scenario.given(["purchase", "coffee", "--on", "2026-11-18"])
    try scenario.expect(["restock", "--due", "--every", "3"], stdout: "added: coffee\nadded: milk\n")
    try scenario.expect(["restock", "--due", "--every", "3"], stdout: "nothing to restock\n")
  }

  @Test func aSnoozedStapleStaysOutOfRestockUntilItsDay() throws {
    try scenario.expect(
      ["staple", "milk", "--skip-until", "2026-11-28"],
      stdout: "staple: milk (skipped until 2026-11-28)\n")
    try scenario.expect(["restock", "--due"], stdout: "added: coffee\n")
    #expect(
      try scenario.grocery.run(["list", "--staples"]).stdout.contains(
        "milk (every 7 days; last bought 2026-11-14; skipped until 2026-11-28)"))
    let later = GroceryProcess(folder: scenario.folder.path, now: "2026-11-28T09:00:00Z")
    #expect(try later.run(["restock", "--due"]).stdout == "added: milk\n")
  }

  @Test func aSkipUntilADayGoneByIsRefusedAndTodayEndsASkip() throws {
    try scenario.given(["staple", "milk", "--skip-until", "2026-11-28"])
    // `yesterday` is said as typed (found by a trial: it was said as the day it is).
    for day in ["2026-11-20", "Yesterday"] {
      try scenario.expectRefused(
        ["staple", "milk", "--skip-until", day],
        stderr:
          "grocery: error: invalid date '\(day)': it is before today ('--skip-until today' ends a skip)\n"
          + "usage: grocery staple [OPTIONS] [NAME...] (see 'grocery staple --help')\n",
        status: 64)
    }
    try scenario.expect(
      ["staple", "milk", "--skip-until", "today"], stdout: "staple: milk (not skipped)\n")
    try scenario.expect(["restock", "--due"], stdout: "added: coffee\nadded: milk\n")
    // A staple not skipped, given a skip until today, or no skip, is already so: nothing is written, and nothing
    // is left for undo to spend (found by a trial: a change that did nothing was written).
    let before = scenario.grocery.storeBytes()
    try scenario.expect(
      ["staple", "milk", "--skip-until", "today"], stdout: "already a staple: milk (not skipped)\n")
    try scenario.expect(["staple", "milk"], stdout: "already a staple: milk\n")
    #expect(scenario.grocery.storeBytes() == before)
    try scenario.expect(
      ["staple", "jam", "--skip-until", "today"], stdout: "new staple: jam (not skipped)\n")
    #expect(!(try scenario.grocery.run(["export"]).stdout.contains("\"skipUntil\": \"2026")))
  }

  @Test func historyAndStats() throws {
    try scenario.expect(["history", "--since", "2026-11-01"], stdout: "2026-11-14 milk\n2026-11-07 milk\n")
    try scenario.expect(
      ["history", "--format", "csv", "flour"],
      stdout:
        "date,name,quantity,category,by\r\n2026-10-31,flour,1,Uncategorized,\r\n2026-10-01,flour,1,Uncategorized,\r\n"
    )
    try scenario.expect(
      ["stats"],
      stdout: """
        ITEM                                BOUGHT  EVERY       LAST        WEEKS (12)
        milk                                     3  7 days      2026-11-14  000000001110
        flour                                    2  30 days     2026-10-31  000010001000

        WEEKS: purchases a week, oldest first; the last is this week, up to today.
        0 none  1-9 that many  + 10 or more

        """)
    try scenario.expect(
      ["history", "nothing"], stderr: "grocery: error: no item named 'nothing'\n", status: 1)
  }
}
