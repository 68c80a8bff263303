import Foundation

/// Where the store lives: `--store`, then `GROCERY_STORE`, then the XDG data folder.
public enum StorePath {
  public static func resolve(explicit: String?, environment: [String: String]) throws -> String {
    if let explicit { return try absolute(explicit, what: "--store", environment: environment) }
    if let path = environment["GROCERY_STORE"], !path.isEmpty {
      return try absolute(path, what: "GROCERY_STORE", environment: environment)
    }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/grocery/grocery.json"
    }
    return try absoluteHome(environment) + "/.local/share/grocery/grocery.json"
  }

  private static func absolute(_ path: String, what: String, environment: [String: String]) throws -> String {
    if path.isEmpty || Names.containsControl(path) {
      throw GroceryError.invalidValue(what: "store path", value: Names.printable(path), reason: "given by \(what)")
    }
    if path.hasPrefix("/") { return path }
    if path == "~" || path.hasPrefix("~/"), environment["HOME"] != nil {
      return try absoluteHome(environment) + path.dropFirst()
    }
    return FileManager.default.currentDirectoryPath + "/" + path
  }

  /// Returns HOME, refusing one that is unset, empty or relative.
  private static func absoluteHome(_ environment: [String: String]) throws -> String {
    guard let home = environment["HOME"], !home.isEmpty else {
      throw GroceryError.refused(
        "cannot find a place for the store: HOME is not set; give --store PATH or set GROCERY_STORE")
    }
    guard home.hasPrefix("/") else {
      throw GroceryError.refused(
        "cannot find a place for the store: HOME ('\(Names.printable(home))') is not an absolute path;"
          + " give --store PATH or set GROCERY_STORE")
    }
    return home
  }
}
