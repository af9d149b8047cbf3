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
        // Cells come from the file: escaped before they are measured.
        let all = ((headers.map { [$0] } ?? []) + rows).map { $0.map(Terminal.safe) }
        let cellWidths = all.map { $0.map(DisplayWidth.of) }
        var widths = [Int](repeating: 0, count: all.map(\.count).max() ?? 0)
        for row in cellWidths {
            for (column, width) in row.enumerated() where width > widths[column] { widths[column] = width }
        }
        var output: [UInt8] = []
        output.reserveCapacity(all.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        for (rowIndex, row) in all.enumerated() {
            if rowIndex > 0 { output.append(UInt8(ascii: "\n")) }
            for (column, cell) in row.enumerated() {
                if column > 0 { output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
                let padding = widths[column] - cellWidths[rowIndex][column]
                let isLast = column == row.count - 1
                if numericColumns.contains(column) {
                    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
                    output.append(contentsOf: cell.utf8)
                } else {
                    output.append(contentsOf: cell.utf8)
                    if !isLast { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding)) }
                }
            }
        }
        return output
    }

    func render() -> String {
        String(decoding: renderBytes(), as: UTF8.self)
    }
}
