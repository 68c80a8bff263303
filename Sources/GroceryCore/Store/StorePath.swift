#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the household lives: `--store`, then `GROCERY_STORE`, then the XDG data folder; and where this machine
/// keeps its own state for it: the XDG state folder.
public enum StorePath {
  /// Returns the store for the household the options and environment name.
  public static func locate(
    explicit: String?, environment: [String: String], lockTimeout: Double? = nil
  ) throws -> HouseholdStore {
    let given: String
    var legacy: String?
    var folder: String
    if let explicit {
      given = try absolute(explicit, what: "--store", environment: environment)
    } else if let path = environment["GROCERY_STORE"], !path.isEmpty {
      given = try absolute(path, what: "GROCERY_STORE", environment: environment)
    } else {
      let data = try dataHome(environment)
      given = data + "/grocery/household"
      legacy = data + "/grocery/grocery.json"
    }
    folder = try canonical(given)
    var shown = given
    var givenAsLegacyFile = false
    if legacy == nil, let info = try FileSystem.status(folder), info.st_mode & S_IFMT == S_IFREG {
      // A version-1 store file: the household moves into a folder beside it, named after it.
      legacy = folder
      givenAsLegacyFile = true
      folder = folder.hasSuffix(".json") ? String(folder.dropLast(5)) : folder + ".d"
      shown = given.hasSuffix(".json") ? String(given.dropLast(5)) : given + ".d"
    }
    var trimmed = shown
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    return HouseholdStore(
      path: trimmed, folder: folder, legacyFile: legacy, givenAsLegacyFile: givenAsLegacyFile,
      stateFolder: try stateHome(environment) + "/grocery/" + key(for: folder), lockTimeout: lockTimeout,
      defaultMachineName: Machine.defaultName(environment: environment))
  }

  static func dataHome(_ environment: [String: String]) throws -> String {
    if let data = try xdgFolder("XDG_DATA_HOME", environment, for: "the store", default: "~/.local/share") {
      return data
    }
    // Without a home, a store given still needs a place for this machine's state: the hint says both at once.
    let stateGiven =
      try xdgFolder("XDG_STATE_HOME", environment, for: "this machine's state", default: "~/.local/state")
      != nil
    let hint =
      stateGiven
      ? "give --store PATH or set GROCERY_STORE"
      : "set HOME, or give --store PATH (or set GROCERY_STORE) and set XDG_STATE_HOME"
    return try home(environment, for: "the store", hint: hint) + "/.local/share"
  }

  static func stateHome(_ environment: [String: String]) throws -> String {
    if let state = try xdgFolder(
      "XDG_STATE_HOME", environment, for: "this machine's state", default: "~/.local/state")
    {
      return state
    }
    return try home(environment, for: "this machine's state", hint: "set XDG_STATE_HOME") + "/.local/state"
  }

  /// An XDG folder the environment sets, or nil when it is unset or empty. One that is not an absolute path is
  /// refused, where the XDG rules would have it passed over: a typo in a cron line would then quietly make this
  /// computer a second machine of the household, with an identity, a log and an undo list of its own.
  private static func xdgFolder(
    _ variable: String, _ environment: [String: String], for what: String, default place: String
  ) throws -> String? {
    guard let value = environment[variable], !value.isEmpty else { return nil }
    guard value.hasPrefix("/") else {
      throw GroceryError.xdgNotAbsolute(
        variable: variable, value: Names.printable(value), for: what, default: place)
    }
    return value
  }

  private static func home(_ environment: [String: String], for what: String, hint: String) throws -> String {
    // An empty HOME is set, to nothing: said as it is, among the paths that are not absolute.
    guard let home = environment["HOME"] else { throw GroceryError.homeNotSet(for: what, hint: hint) }
    guard home.hasPrefix("/") else {
      throw GroceryError.homeNotAbsolute(home: Names.printable(home), for: what, hint: hint)
    }
    return home
  }

  /// A name for the household's local state folder: readable, and unique to the folder's real path.
  static func key(for folder: String) -> String {
    let hex = String(FNV.hash(folder.utf8), radix: 16)
    let name = FileSystem.name(of: folder).filter {
      $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "."
    }
    return (name.isEmpty ? "household" : String(name.prefix(40))) + "-"
      + String(repeating: "0", count: 16 - hex.count)
      + hex
  }

  /// The path with symbolic links and `.`/`..` resolved as far as the path exists.
  static func canonical(_ path: String) throws -> String {
    var trimmed = path
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    if let resolved = realpath(trimmed, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    // A dangling symbolic link names where the household is to be made: the path it points to.
    if let info = try FileSystem.status(trimmed, followingLinks: false), info.st_mode & S_IFMT == S_IFLNK {
      return try canonical(FileSystem.resolveLinks(trimmed))
    }
    let parent = FileSystem.folder(of: trimmed)
    if parent == trimmed { return trimmed }
    let base = try canonical(parent)
    return (base == "/" ? "" : base) + "/" + FileSystem.name(of: trimmed)
  }

  private static func absolute(_ path: String, what: String, environment: [String: String]) throws -> String {
    if path.isEmpty || Names.containsControl(path) {
      throw GroceryError.invalidValue(
        what: "store path", value: Names.printable(path), reason: "given by \(what)")
    }
    if path.hasPrefix("/") { return path }
    if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], home.hasPrefix("/") {
      return home + path.dropFirst()
    }
    guard let cwd = getcwd(nil, 0) else {
      throw GroceryError.invalidValue(
        what: "store path", value: Names.printable(path),
        reason: "it is relative and the current folder cannot be found (\(FileSystem.errorText(errno)))")
    }
    defer { free(cwd) }
    return String(cString: cwd) + "/" + path
  }
}
