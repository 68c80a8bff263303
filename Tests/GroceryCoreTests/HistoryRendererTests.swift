import Foundation
import TestSupport
import Testing

@testable import GroceryCore

@Suite struct HistoryRendererTests {
  let entries = [
    HistoryEntry(date: Fixed.today, name: "Milk", quantity: 2, category: "Dairy & Fridge", by: "ann@laptop"),
    HistoryEntry(date: Fixed.today, name: "Eggs", quantity: 1, category: "Dairy & Fridge", by: nil),
    HistoryEntry(
      date: Fixed.day(-1), name: "Extra virgin olive oil from the little shop on the corner, the green tin",
      quantity: 12, category: "Boxed & Canned", by: "bob"),
    HistoryEntry(
      date: Fixed.day(-1), name: "茶葉 緑茶", quantity: 1, category: "Snacks, Drinks & Other", by: nil),
    HistoryEntry(
      date: Fixed.day(-3), name: "=1+1, \"quoted\"", quantity: 1, category: "Uncategorized", by: nil),
  ]

  @Test func textIsALineAPurchaseWrappedUnderTheName() {
    #expect(
      HistoryRenderer.text(entries) == """
        2026-11-21 Milk x2 (ann@laptop)
        2026-11-21 Eggs
        2026-11-20 Extra virgin olive oil from the little shop on the corner, the green
                   tin x12 (bob)
        2026-11-20 茶葉 緑茶
        2026-11-18 =1+1, "quoted"

        """)
    #expect(HistoryRenderer.text([]) == "No purchases yet.\n")
    #expect(HistoryRenderer.Writer(.text, since: Fixed.today).finish() == "No purchases since 2026-11-21.\n")
    #expect(HistoryRenderer.Writer(.csv, since: Fixed.today).finish() == "date,name,quantity,category,by\r\n")
    // A line one column too wide is wrapped, counting a wide letter as two.
    let wide = HistoryEntry(
      date: Fixed.today, name: String(repeating: "茶", count: 35), quantity: 1, category: "", by: nil)
    #expect(HistoryRenderer.text([wide]).split(separator: "\n").count > 1)
    let fits = HistoryEntry(
      date: Fixed.today, name: String(repeating: "茶", count: 34), quantity: 1, category: "", by: nil)
    #expect(HistoryRenderer.text([fits]).split(separator: "\n").count == 1)
    let long = HistoryEntry(
      date: Fixed.today,
      name: "A very long item name that goes on and on and on past the eighty column limit",
      quantity: 3, category: "", by: nil)
    #expect(
      HistoryRenderer.text([long]) == """
        2026-11-21 A very long item name that goes on and on and on past the eighty
                   column limit x3

        """, "the next line starts under the name")
    let word = HistoryEntry(
      date: Fixed.today, name: String(repeating: "Abcdefghij", count: 8), quantity: 1, category: "", by: nil)
    #expect(
      HistoryRenderer.text([word]) == """
        2026-11-21 \(String(repeating: "Abcdefghij", count: 6))Abcdefghi
                   jAbcdefghij

        """, "a word wider than the line starts after the date, and is cut")
  }

  @Test func csvAndJSONCarryEveryField() throws {
    #expect(
      HistoryRenderer.csv(Array(entries.prefix(2)) + [entries[4]])
        == "date,name,quantity,category,by\r\n2026-11-21,Milk,2,Dairy & Fridge,ann@laptop\r\n"
        + "2026-11-21,Eggs,1,Dairy & Fridge,\r\n2026-11-18,\"'=1+1, \"\"quoted\"\"\",1,Uncategorized,\r\n",
      "the buyer last, as JSON's by (found by a trial: it was not there)")
    #expect(HistoryRenderer.csv([]) == "date,name,quantity,category,by\r\n")
    let json = try HistoryRenderer.json(entries)
    let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == JSONListRenderer.schemaVersion)
    let rows = try #require(object["purchases"] as? [[String: Any]])
    #expect(rows.map { $0["name"] as? String } == entries.map(\.name))
    #expect(rows.map { $0["quantity"] as? Int } == entries.map(\.quantity))
    #expect(rows.first?["by"] as? String == "ann@laptop")
    #expect(rows[1]["by"] is NSNull)
    #expect(try HistoryRenderer.json([]) == "{\n  \"purchases\" : [\n\n  ],\n  \"version\" : 1\n}\n")
  }

  /// `history` writes the log a few days at a time: the parts, however cut, give the text of the whole.
  @Test func aLogWrittenInPartsIsTheWholeLog() throws {
    for format in HistoryFormat.allCases {
      let whole: String
      switch format {
      case .text: whole = HistoryRenderer.text(entries)
      case .csv: whole = HistoryRenderer.csv(entries)
      case .json:
        // As the encoder writes the whole document at once.
        whole = try JSON.string(
          HistoryRenderer.Output(
            version: JSONListRenderer.schemaVersion,
            purchases: entries.map {
              HistoryRenderer.Row(
                date: $0.date.description, name: $0.name, quantity: $0.quantity, category: $0.category,
                by: $0.by)
            }))
      }
      for cuts in [[], [1], [2, 4], [1, 2, 3, 4], [0, 5]] {
        var writer = HistoryRenderer.Writer(format)
        var text = ""
        for (start, end) in zip([0] + cuts, cuts + [entries.count]) {
          text += try writer.add(Array(entries[start..<end]))
        }
        text += writer.finish()
        #expect(text == whole, "\(format) cut at \(cuts)")
      }
      var empty = HistoryRenderer.Writer(format)
      let nothing = try empty.add([]) + empty.finish()
      switch format {
      case .text: #expect(nothing == HistoryRenderer.text([]))
      case .csv: #expect(nothing == HistoryRenderer.csv([]))
      case .json: #expect(nothing == (try HistoryRenderer.json([])))
      }
    }
  }

  /// A history line is checked for fitting as bytes: the same answer as for its text.
  @Test func aLineOfBytesFitsAsItsTextFits() {
    let lines = [
      "2026-11-21 Milk", " 2026-11-21 Milk", "2026-11-21 Milk ", "2026-11-21  Milk", "", " ",
      "2026-11-21 " + String(repeating: "a", count: 69), "2026-11-21 " + String(repeating: "a", count: 70),
      "2026-11-21 Crème fraîche", "2026-11-21 " + String(repeating: "茶", count: 35), "2026-11-21 a\u{7F}b",
    ]
    for line in lines {
      #expect(
        TextLayout.fitsAsIs(Array(line.utf8), width: 80) == TextLayout.fitsAsIs(line, width: 80), "\(line)")
    }
    #expect(TextLayout.fitsAsIs(Array("2026-11-21 Milk".utf8), width: 80))
    #expect(!TextLayout.fitsAsIs(Array("2026-11-21  Milk".utf8), width: 80))
    #expect(!TextLayout.fitsAsIs(Array(("2026-11-21 " + String(repeating: "a", count: 70)).utf8), width: 80))
  }
}
