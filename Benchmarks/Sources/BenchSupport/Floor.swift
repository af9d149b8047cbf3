import CBenchSQLite
import Foundation

/// SwiftUI's `NavigationPath.CodableRepresentation`, as its users get it:
/// every element encoded with JSONEncoder on every save, last first.
package enum SwiftUIRepresentation {
    package static func encode(_ path: [ShopRoute]) throws -> Data {
        let encoder = JSONEncoder()
        var strings: [String] = []
        strings.reserveCapacity(path.count * 2)
        for element in path.reversed() {
            strings.append("BenchApp.ShopRoute")
            strings.append(String(decoding: try encoder.encode(element), as: UTF8.self))
        }
        return try JSONEncoder().encode(strings)
    }

    /// Decoding the way SwiftUI does: the string array, then each element
    /// through the type its tag names.
    package static func decode(_ data: Data) throws -> [AnyHashable] {
        let strings = try JSONDecoder().decode([String].self, from: data)
        let decoder = JSONDecoder()
        var elements: [AnyHashable] = []
        var index = strings.count - 2
        while index >= 0 {
            guard let type = types[strings[index]] else { throw BenchError("unknown tag") }
            elements.append(try type(decoder, Data(strings[index + 1].utf8)))
            index -= 2
        }
        return elements
    }

    /// What `_typeByName` gives SwiftUI: a tag-to-decoder table.
    static let types: [String: @Sendable (JSONDecoder, Data) throws -> AnyHashable] = [
        "BenchApp.ShopRoute": { try AnyHashable($0.decode(ShopRoute.self, from: $1)) },
    ]
}

package struct BenchError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// A bare sqlite3 connection in WAL mode, for the blob peer and the floor.
package final class RawSQLite {
    package let db: OpaquePointer
    private let upsert: OpaquePointer
    private let select: OpaquePointer

    package init(path: String, full: Bool) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              let handle else { throw BenchError("cannot open \(path)") }
        db = handle
        for sql in ["PRAGMA journal_mode = WAL", full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL",
                    "CREATE TABLE IF NOT EXISTS scene (name TEXT PRIMARY KEY, path BLOB NOT NULL)"] {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchError("cannot run \(sql)") }
        }
        upsert = try Self.prepare(db, "INSERT INTO scene (name, path) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET path = excluded.path")
        select = try Self.prepare(db, "SELECT path FROM scene WHERE name = ?1")
    }

    deinit {
        sqlite3_finalize(upsert)
        sqlite3_finalize(select)
        sqlite3_close_v2(db)
    }

    private static func prepare(_ db: OpaquePointer, _ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError("cannot prepare \(sql)")
        }
        return statement
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    package func save(scene: String, bytes: Data) throws {
        sqlite3_reset(upsert)
        sqlite3_bind_text(upsert, 1, scene, -1, Self.transient)
        _ = bytes.withUnsafeBytes { sqlite3_bind_blob(upsert, 2, $0.baseAddress, Int32($0.count), Self.transient) }
        guard sqlite3_step(upsert) == SQLITE_DONE else { throw BenchError("upsert failed") }
    }

    package func load(scene: String) throws -> Data {
        sqlite3_reset(select)
        sqlite3_bind_text(select, 1, scene, -1, Self.transient)
        guard sqlite3_step(select) == SQLITE_ROW, let blob = sqlite3_column_blob(select, 0) else {
            throw BenchError("no row")
        }
        let data = Data(bytes: blob, count: Int(sqlite3_column_bytes(select, 0)))
        sqlite3_reset(select)
        return data
    }
}
