#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One mirror as this machine keeps it in its local state: where and how it is written, and the text it last wrote,
/// which is the base its edits are found against.
struct MirrorRecord: Codable, Equatable, Sendable {
  /// The file, as an absolute path.
  var path: String
  var format: MirrorFormat
  /// The location whose walk order and items the file follows; nil for the whole list.
  var location: String?
  /// The text last written.
  var written: String
  /// The item each line of `written` was written for, in order.
  var items: [UUID]
  /// The file as it was when last written or read; a file that still matches it is not read again.
  var file: FileFingerprint?
  /// The folder as it was when last looked at for conflict copies.
  var folder: FileFingerprint?
  /// Conflict copies whose ticks were applied, by name, as they were then.
  var copies: [String: FileFingerprint] = [:]
  /// A copy of the file kept when more than half its lines vanished, waiting for `mirror accept`; with the base it
  /// was read against.
  var held: Held?
  /// The edition of `written`, which its header carries; nil for a file written before editions.
  var edition: Int?
  /// The names (their keys) whose ticks were applied from `written`, from the file or a conflict copy of it: a tick
  /// seen again in a copy of the same edition buys nothing more.
  var ticked: [String]?
  /// The names (their keys) whose new lines were applied from `written`, from the file or a conflict copy of it: a
  /// copy or a stale save of the same edition puts none of them on the list again once bought.
  var added: [String]?
  /// For a todo.txt mirror, the size of `done.txt` beside it when last looked at (0 where there was none): the
  /// lines Simpletask's Archive moves there after it are read as ticks of lines gone from the file. Nil before the
  /// first look, which reads none.
  var doneSeen: Int64?

  /// A text written before, kept a while (`MirrorEditions`) so that a phone's save of it is read against it.
  struct Edition: Codable, Equatable, Sendable {
    var edition: Int
    var written: String
    var items: [UUID]
    var ticked: [String]
    var added: [String]? = nil
  }

  /// A file whose edits wait for `mirror accept`.
  struct Held: Codable, Equatable, Sendable {
    var copy: String
    var written: String
    var items: [UUID]
    /// The edition of that base, whose ticks `mirror accept` records as applied.
    var edition: Int?
    /// The day the file changed (`2026-11-24`), which its ticks that carry no day of their own are bought on; nil
    /// in a record written before it was kept, whose copy's time is taken.
    var day: String?
  }
}
