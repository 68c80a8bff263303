import GroceryCore

/// Looks after this machine's mirrors around a command: their edits read back before it, the files written again
/// after it changed the household.
///
/// A mirror that cannot be read or written never fails the command: what went wrong is said on standard error,
/// once, and the household is left as the command made it.
enum MirrorHook {
  /// Applies each changed mirror's edits as one change, and says what they did; returns true when any applied.
  static func before(_ context: Context) -> Bool {
    var applied = false
    do {
      applied = say(
        try Mirrors(store: context.store).refresh(
          now: context.now, today: context.today, onWait: context.waiting), context)
    } catch let error as GroceryError where error.isHouseholdMarker {
      // The household itself cannot be read (a damaged or newer household.json): the command says so, once.
    } catch {
      context.warnings.warn("cannot read the mirrors: \(message(error))")
    }
    return applied
  }

  /// Says what reading mirrors did; returns true when it applied edits.
  static func say(_ notices: [MirrorNotice], _ context: Context) -> Bool {
    var applied = false
    for notice in notices {
      switch notice {
      case .applied(let file, let summary):
        applied = true
        // A change of its own, written: the command's output failing after it is exit 3, as after any.
        context.saved.isSaved = true
        if !context.quiet { context.console.writeError("grocery: \(file): \(summary)\n") }
      case .warning(let text):
        context.warnings.warn(text)
      }
    }
    return applied
  }

  /// Writes each mirror again from the household as it is now.
  static func after(_ context: Context) {
    var failures: [Error]
    do {
      failures = try Mirrors(store: context.store).rewrite(today: context.today, onWait: context.waiting)
    } catch {
      failures = [error]
    }
    // A mirror the command could not write before it ran (its folder gone) is said once, not again here.
    for error in failures where !context.warnings.hasSaid(message(error)) {
      context.warnings.warn("cannot write the mirrors: \(message(error))")
    }
  }

  static func message(_ error: Error) -> String {
    (error as? GroceryError)?.message ?? "\(error)"
  }
}

extension GroceryError {
  /// A failure to read the household's own `household.json`, which the command itself reports.
  fileprivate var isHouseholdMarker: Bool {
    switch self {
    case .unreadableStore(let path, _), .newerStoreVersion(let path, _, _):
      return path.hasSuffix("/household.json") || path == "household.json"
    default:
      return false
    }
  }
}
