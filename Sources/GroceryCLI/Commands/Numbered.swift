/// Lines numbered from 1, the numbers right-aligned: ` 9. a` above `10. b`.
enum Numbered {
  static func lines(_ names: [String]) -> String {
    let width = String(names.count).count
    return names.enumerated().map { index, name in
      let number = String(index + 1)
      return String(repeating: " ", count: width - number.count) + number + ". " + name
    }.joined(separator: "\n") + "\n"
  }
}
