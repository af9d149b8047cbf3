import Foundation
import NavStateModel
import Testing

/// What every layer's matching suite checks of its list of one error of
/// each code: an app's `catch` list names each by its own pattern (no
/// earlier pattern takes it), the list holds every code of the layer's
/// table and no two errors share one. The catch lists themselves are each
/// suite's own: they are the code an app writes.
enum ErrorMatching {
    /// The codes a layer's table declares, read from its source file
    /// (`NavStateTooling/NavStateError+ToolingCodes.swift`), in order.
    static func codes(inTable file: String) throws -> [String] {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
        return text.matches(of: #/public static var (\w+): NavStateError\.Code \{ \.init\("(\w+)"\)/#).map { String($0.1) }
    }

    static func expectEachKindCaughtByItsOwnPattern(
        _ everyKind: [NavStateError],
        caught: (NavStateError) -> String,
        table: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for error in everyKind {
            #expect(caught(error) == error.code.name, "\(error)", sourceLocation: sourceLocation)
        }
        let codes = everyKind.map(\.code.name)
        #expect(Set(codes).count == codes.count, "two errors share a code", sourceLocation: sourceLocation)
        let declared = try ErrorMatching.codes(inTable: table)
        #expect(declared.count >= 4, "\(table)'s codes are read", sourceLocation: sourceLocation)
        #expect(codes.sorted() == declared.sorted(), "one error of each code of \(table)", sourceLocation: sourceLocation)
    }
}
