/// A plain text table with aligned columns.
struct TextTable {
    let headers: [String]
    var rows: [[String]] = []

    /// Columns named here are right-aligned (numbers).
    var numericColumns: Set<Int> = []

    func render() -> String {
        let all = [headers] + rows
        let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                let cell = row[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column == row.count - 1 && !numericColumns.contains(column) { return cell }
                return numericColumns.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
