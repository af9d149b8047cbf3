import BenchSupport
import CBenchSQLite
import Foundation
import GRDB

/// The `PathStore` of Hacking with Swift: encode the whole path and write a
/// file atomically on every change; read and decode it at launch.
final class PathStorePeer {
    let url: URL

    init(directory: URL) {
        url = directory.appendingPathComponent("SavedPath")
    }

    func save(_ path: [ShopRoute]) throws {
        try SwiftUIRepresentation.encode(path).write(to: url, options: .atomic)
    }

    func restore() throws -> [AnyHashable] {
        try SwiftUIRepresentation.decode(Data(contentsOf: url))
    }
}

/// The whole SwiftUI representation upserted as one blob per scene.
final class BlobPeer {
    let sqlite: RawSQLite

    init(path: String, full: Bool) throws {
        sqlite = try RawSQLite(path: path, full: full)
    }

    func save(_ path: [ShopRoute], scene: String) throws {
        try sqlite.save(scene: scene, bytes: SwiftUIRepresentation.encode(path))
    }

    func restore(scene: String) throws -> [AnyHashable] {
        try SwiftUIRepresentation.decode(sqlite.load(scene: scene))
    }
}

/// One Codable record per scene in a GRDB DatabaseQueue.
final class GRDBPeer {
    struct SceneRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "scene"
        var name: String
        var path: Data
    }

    let queue: DatabaseQueue

    init(path: String, full: Bool) throws {
        var configuration = Configuration()
        // A careful GRDB user turns on WAL; synchronous matches the mode measured.
        configuration.prepareDatabase { db in
            try db.execute(sql: full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.create(table: "scene", ifNotExists: true) { table in
                table.column("name", .text).primaryKey()
                table.column("path", .blob).notNull()
            }
        }
    }

    func save(_ path: [ShopRoute], scene: String) throws {
        let record = SceneRecord(name: scene, path: try SwiftUIRepresentation.encode(path))
        try queue.write { db in try record.upsert(db) }
    }

    func restore(scene: String) throws -> [AnyHashable] {
        guard let record = try queue.read({ db in try SceneRecord.fetchOne(db, key: scene) }) else {
            throw BenchError("no record")
        }
        return try SwiftUIRepresentation.decode(record.path)
    }
}
