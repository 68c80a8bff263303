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

/// Machine ids: 16 lowercase hex digits, random, one per machine and household; the name of its log file.
enum MachineID {
  static func isValid(_ text: String) -> Bool {
    text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// The id as a number, or nil when it is not 16 lowercase hex digits.
  static func number(_ text: String) -> UInt64? {
    guard isValid(text) else { return nil }
    return UInt64(text, radix: 16)
  }

  static func text(_ number: UInt64) -> String {
    let hex = String(number, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    let value = generator.next() as UInt64
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

/// This machine's identity in a household: kept in the local state folder, never in the shared folder, so that a
/// copy, a clone or a restored backup of the household never makes two machines append to one log.
public struct Machine: Equatable, Sendable {
  public var id: String
  /// The name people see, `user@host` unless set.
  public var name: String
  /// The host the identity was made on; on another host a new identity is made.
  var host: String
  /// The id of the household this machine belongs to, as its `household.json` said at the last change: what
  /// puts a lost or damaged `household.json` back with the same id. Nil in an identity written before grocery
  /// remembered it, until the next change.
  var household: String? = nil
  /// The length of this machine's own log at the last change or sync: how a log shorter than it was (a restored
  /// backup, a copy made without `--update`) is noticed.
  var logLength: Int? = nil

  /// The name of this host, as `hostname` prints it.
  public static var currentHost: String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  public static func defaultName(environment: [String: String]) -> String {
    let user = environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LOGNAME"] ?? "someone"
    return user + "@" + currentHost
  }

  func encoded() -> String {
    var text =
      "{\"machine\":\(JSONText.quote(id)),\"name\":\(JSONText.quote(name)),\"host\":\(JSONText.quote(host))"
    if let household { text += ",\"household\":" + JSONText.quote(household) }
    if let logLength { text += ",\"logLength\":\(logLength)" }
    return text + "}\n"
  }

  /// Reads an identity file; nil when it is not one this build wrote, so a new identity is made.
  static func decode(_ bytes: [UInt8]) -> Machine? {
    var reader = JSONReader(bytes, from: ChangeLog.textStart(bytes))
    var id: String?
    var name: String?
    var host: String?
    var household: String?
    var logLength: Int?
    do {
      try reader.beginObject()
      var first = true
      while let key = try reader.nextKey(first: &first) {
        switch key {
        case "machine": id = try reader.readString()
        case "name": name = try reader.readString()
        case "host": host = try reader.readString()
        case "household": household = try reader.readString()
        case "logLength": logLength = try reader.readInt()
        default: try reader.skipValue()
        }
      }
    } catch {
      return nil
    }
    guard let id, MachineID.isValid(id), let name, let host else { return nil }
    return Machine(id: id, name: name, host: host, household: household, logLength: logLength)
  }
}
