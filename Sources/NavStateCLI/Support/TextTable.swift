/// A plain text table with aligned columns.
///
/// Rendered straight into bytes: `navstate scenes` on 100,000 scenes spends
/// its time here, and building a String per padded cell was most of it.
struct TextTable {
    /// The header row, or `nil` for a table of rows only.
    let headers: [String]?
    var rows: [[String]] = []

    /// Columns named here are right-aligned (numbers).
    var numericColumns: Set<Int> = []

    init(headers: [String]?) {
        self.headers = headers
    }

    func renderBytes() -> [UInt8] {
        // Cells come from the file: escaped before they are measured. A
        // cell of printable ASCII, nearly every cell, is its own escape and
        // one column per byte; only the others are copied.
        func prepared(_ cell: String) -> (text: String, width: Int) {
            let bytes = cell.utf8
            if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return (cell, bytes.count) }
            let safe = Terminal.safe(cell)
            return (safe, DisplayWidth.of(safe))
        }
        let all = (headers.map { [$0] } ?? []) + rows
        var widths = [Int](repeating: 0, count: all.map(\.count).max() ?? 0)
        var cells: [(text: String, width: Int)] = []
        cells.reserveCapacity(all.reduce(0) { $0 + $1.count })
        for row in all {
            for (column, cell) in row.enumerated() {
                let cell = prepared(cell)
                if cell.width > widths[column] { widths[column] = cell.width }
                cells.append(cell)
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(all.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        var next = 0
        for (rowIndex, row) in all.enumerated() {
            if rowIndex > 0 { output.append(UInt8(ascii: "\n")) }
            for column in row.indices {
                let cell = cells[next]
                next += 1
                if column > 0 { output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
                let padding = widths[column] - cell.width
                if numericColumns.contains(column) {
                    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
                    output.append(contentsOf: cell.text.utf8)
                } else {
                    output.append(contentsOf: cell.text.utf8)
                    if column != row.count - 1 { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding)) }
                }
            }
        }
        return output
    }

    func render() -> String {
        String(decoding: renderBytes(), as: UTF8.self)
    }
}
