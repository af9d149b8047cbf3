import CNavStateSQLite
import Foundation

/// A disk that fails on purpose, for the files under one folder: an SQLite
/// VFS that wraps the default one (issue 62). It is registered as the
/// process's default, so every store opens through it unchanged; files
/// outside a folder given to ``FaultyDisk/begin(_:)`` are handed to the
/// default VFS as they are and never touched again.
///
/// For the files under the folder it keeps, per file, what each write or
/// truncation since that file's last `xSync` replaced: a power loss
/// (``powerLoss(_:)``) puts it back, whole, in part (by sector, in any
/// order) or torn within a sector, as a disk that lost its cache does. And
/// it injects one I/O error at the Nth call of one kind of operation.
///
/// Test code only: nothing of it is in an app's build.
package final class FaultyDisk: @unchecked Sendable {
    /// A kind of VFS call an error can be injected into.
    package enum Operation: String, Sendable, CaseIterable {
        case read, write, truncate, sync, lock
    }

    /// An error to inject: at the `n`th call (from 1) of `operation` under
    /// the folder, `code` is returned instead of doing it.
    package struct Fault: Sendable, CustomStringConvertible {
        package var operation: Operation
        package var n: Int
        package var code: Int32
        /// For a write: the first half is written before the error.
        package var short = false

        package init(_ operation: Operation, at n: Int, code: Int32, short: Bool = false) {
            self.operation = operation
            self.n = n
            self.code = code
            self.short = short
        }

        package var description: String { "\(short ? "short " : "")\(operation) #\(n) -> \(code)" }
    }

    /// How a power loss treats the writes since each file's last sync.
    package enum Loss: Sendable, CustomStringConvertible {
        /// Every one lost.
        case whole
        /// Each 512-byte sector of them lost or kept, by a seeded coin.
        case sectors(seed: UInt64)
        /// As `sectors`, and one kept sector torn: its second half lost.
        case torn(seed: UInt64)

        package var description: String {
            switch self {
            case .whole: "whole"
            case .sectors(let seed): "sectors(\(seed))"
            case .torn(let seed): "torn(\(seed))"
            }
        }
    }

    /// What one write or truncation replaced.
    struct Undo {
        var offset: Int64
        var bytes: [UInt8]
        var sizeBefore: Int64
    }

    package static let shared = FaultyDisk()

    private let lock = NSLock()
    private var folder: String?
    private var fault: Fault?
    private var counts: [Operation: Int] = [:]
    /// The number of calls of each kind under the folder since ``begin(_:)``.
    package var calls: [Operation: Int] { lock.withLock { counts } }
    /// Whether the power is off: every write, truncation and sync fails.
    private var powerIsOff = false
    private var powerCut: Int?
    private var undo: [String: [Undo]] = [:]
    private var paths: [Int: String] = [:]
    private var nextID = 1
    /// Whether an injected fault was returned.
    package var faultInjected: Bool { lock.withLock { injected } }
    private var injected = false

    private init() {
        Self.register()
    }

    /// From now on the files under `folder` are this disk's, with `fault`
    /// injected, if any, and the power cut at the `powerCut`th write,
    /// truncation or sync (that call fails, and every one after it); counts
    /// start at zero. One folder at a time: the suites that use it are
    /// serialized.
    package func begin(_ folder: String, fault: Fault? = nil, powerCut: Int? = nil) {
        lock.withLock {
            self.folder = folder.hasSuffix("/") ? folder : folder + "/"
            self.fault = fault
            self.powerCut = powerCut
            counts = [:]
            undo = [:]
            powerIsOff = false
            injected = false
        }
    }

    /// The writes, truncations and syncs under the folder so far.
    package var changes: Int {
        lock.withLock { (counts[.write] ?? 0) + (counts[.truncate] ?? 0) + (counts[.sync] ?? 0) }
    }

    /// The power goes off now: nothing more reaches the disk, and every
    /// write, truncation and sync fails with an I/O error.
    package func cutPower() {
        lock.withLock { powerIsOff = true }
    }

    /// After the connections are closed: what was not synced is lost as
    /// `loss` says, the WAL index (shared memory, gone with the power) is
    /// removed, and the folder is a plain folder again.
    package func powerLoss(_ loss: Loss) throws {
        let (logs, folder) = lock.withLock { () -> ([String: [Undo]], String?) in
            let logs = undo
            let folder = self.folder
            undo = [:]
            self.folder = nil
            fault = nil
            powerIsOff = false
            return (logs, folder)
        }
        var random = SplitMix64(state: {
            switch loss {
            case .whole: 0
            case .sectors(let seed), .torn(let seed): seed
            }
        }())
        var tornOne = false
        for (path, records) in logs {
            guard let handle = FileHandle(forUpdatingAtPath: path) else { continue }
            defer { try? handle.close() }
            // Newest first, so each record puts back what was there before it.
            for record in records.reversed() {
                let bytes = record.bytes
                var keep = [Bool](repeating: false, count: (bytes.count + 511) / 512)
                if case .whole = loss {} else {
                    for sector in keep.indices { keep[sector] = random.next() % 2 == 0 }
                }
                for sector in keep.indices where !keep[sector] {
                    let start = sector * 512, end = min(bytes.count, start + 512)
                    try handle.seek(toOffset: UInt64(record.offset) + UInt64(start))
                    var piece = Array(bytes[start..<end])
                    if case .torn = loss, !tornOne, piece.count > 1 {
                        // Torn: the sector's first half is the new bytes.
                        tornOne = true
                        let half = piece.count / 2
                        try handle.seek(toOffset: UInt64(record.offset) + UInt64(start + half))
                        piece = Array(piece[half...])
                    }
                    try handle.write(contentsOf: piece)
                }
            }
            if let first = records.first, case .whole = loss {
                try handle.truncate(atOffset: UInt64(first.sizeBefore))
            }
        }
        if let folder, let files = try? FileManager.default.contentsOfDirectory(atPath: folder) {
            for file in files where file.hasSuffix("-shm") {
                try? FileManager.default.removeItem(atPath: folder + file)
            }
        }
    }

    /// Ends the folder's faults without a power loss.
    package func end() {
        lock.withLock {
            folder = nil
            fault = nil
            undo = [:]
            powerIsOff = false
        }
    }

    // MARK: The VFS

    /// Whether `path` is under the folder.
    fileprivate func tracks(_ path: String) -> Bool {
        lock.withLock { folder.map { path.hasPrefix($0) } ?? false }
    }

    fileprivate func open(_ path: String) -> Int {
        lock.withLock {
            defer { nextID += 1 }
            paths[nextID] = path
            return nextID
        }
    }

    fileprivate func closed(_ id: Int) {
        lock.withLock { _ = paths.removeValue(forKey: id) }
    }

    /// What to do with a call of `operation` on file `id`: `nil` to do it,
    /// or the error to return; `short` for a write cut in half.
    fileprivate func decide(_ operation: Operation, _ id: Int) -> (code: Int32, short: Bool, path: String)? {
        lock.withLock {
            let path = paths[id] ?? ""
            guard let folder, path.hasPrefix(folder) else { return nil }
            if powerIsOff, operation != .read, operation != .lock { return (SQLITE_IOERR, false, path) }
            counts[operation, default: 0] += 1
            if let powerCut, operation != .read, operation != .lock,
               (counts[.write] ?? 0) + (counts[.truncate] ?? 0) + (counts[.sync] ?? 0) >= powerCut {
                powerIsOff = true
                return (SQLITE_IOERR, false, path)
            }
            if let fault, fault.operation == operation, fault.n == counts[operation] {
                injected = true
                return (fault.code, fault.short, path)
            }
            return nil
        }
    }

    fileprivate func path(_ id: Int) -> String? {
        lock.withLock {
            guard let folder, let path = paths[id], path.hasPrefix(folder) else { return nil }
            return path
        }
    }

    fileprivate func record(_ record: Undo, for path: String) {
        lock.withLock { undo[path, default: []].append(record) }
    }

    fileprivate func synced(_ path: String) {
        lock.withLock { _ = undo.removeValue(forKey: path) }
    }

    /// The default VFS, wrapped by ours and made the default, once.
    nonisolated(unsafe) private static var base: UnsafeMutablePointer<sqlite3_vfs>?

    private static func register() {
        guard let original = sqlite3_vfs_find(nil) else { return }
        base = original
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: original.pointee)
        vfs.pointee.szOsFile = original.pointee.szOsFile + Int32(FileLayout.size)
        vfs.pointee.zName = UnsafePointer(strdup("navstate-faulty-disk"))
        vfs.pointee.pNext = nil
        vfs.pointee.xOpen = { vfs, name, file, flags, outFlags in
            guard let base = FaultyDisk.base, let file else { return SQLITE_ERROR }
            let path = name.map { String(cString: $0) } ?? ""
            guard !path.isEmpty, FaultyDisk.shared.tracks(path) else {
                // Not ours: the default VFS's file, in our memory, for good.
                return base.pointee.xOpen(base, name, file, flags, outFlags)
            }
            let real = UnsafeMutableRawPointer.allocate(byteCount: Int(base.pointee.szOsFile), alignment: 16)
                .bindMemory(to: sqlite3_file.self, capacity: 1)
            let result = base.pointee.xOpen(base, name, real, flags, outFlags)
            guard result == SQLITE_OK else {
                real.deallocate()
                file.pointee.pMethods = nil
                return result
            }
            FileLayout.set(file, real: real, id: FaultyDisk.shared.open(path))
            file.pointee.pMethods = UnsafePointer(FaultyDisk.methods)
            return SQLITE_OK
        }
        sqlite3_vfs_register(vfs, 1)
    }

    /// Where our part of a file object is: after the `sqlite3_file` header,
    /// the real file's pointer, then the file's id.
    private enum FileLayout {
        static let size = 2 * MemoryLayout<Int>.stride
        static let offset = MemoryLayout<sqlite3_file>.stride

        static func set(_ file: UnsafeMutablePointer<sqlite3_file>, real: UnsafeMutablePointer<sqlite3_file>, id: Int) {
            let raw = UnsafeMutableRawPointer(file) + offset
            raw.storeBytes(of: Int(bitPattern: real), as: Int.self)
            raw.storeBytes(of: id, toByteOffset: MemoryLayout<Int>.stride, as: Int.self)
        }

        static func real(_ file: UnsafeMutablePointer<sqlite3_file>?) -> UnsafeMutablePointer<sqlite3_file> {
            let raw = UnsafeMutableRawPointer(file!) + offset
            return UnsafeMutablePointer(bitPattern: raw.load(as: Int.self))!
        }

        static func id(_ file: UnsafeMutablePointer<sqlite3_file>?) -> Int {
            (UnsafeMutableRawPointer(file!) + offset).load(fromByteOffset: MemoryLayout<Int>.stride, as: Int.self)
        }
    }

    private static func io(_ file: UnsafeMutablePointer<sqlite3_file>?) -> (UnsafeMutablePointer<sqlite3_file>, sqlite3_io_methods) {
        let real = FileLayout.real(file)
        return (real, real.pointee.pMethods.pointee)
    }

    /// What `amount` bytes at `offset` of `real` hold now, and its size.
    private static func current(_ real: UnsafeMutablePointer<sqlite3_file>, _ methods: sqlite3_io_methods, offset: Int64, amount: Int) -> Undo {
        var size: sqlite3_int64 = 0
        _ = methods.xFileSize(real, &size)
        let kept = max(0, min(Int64(amount), size - offset))
        var bytes = [UInt8](repeating: 0, count: Int(kept))
        if kept > 0 { _ = bytes.withUnsafeMutableBytes { methods.xRead(real, $0.baseAddress, Int32(kept), offset) } }
        return Undo(offset: offset, bytes: bytes, sizeBefore: size)
    }

    nonisolated(unsafe) private static let methods: UnsafeMutablePointer<sqlite3_io_methods> = {
        let methods = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        methods.initialize(to: sqlite3_io_methods())
        methods.pointee.iVersion = 2
        methods.pointee.xClose = { file in
            let (real, io) = FaultyDisk.io(file)
            let result = io.xClose(real)
            FaultyDisk.shared.closed(FileLayout.id(file))
            real.deallocate()
            return result
        }
        methods.pointee.xRead = { file, buffer, amount, offset in
            let (real, io) = FaultyDisk.io(file)
            if let fault = FaultyDisk.shared.decide(.read, FileLayout.id(file)) { return fault.code }
            return io.xRead(real, buffer, amount, offset)
        }
        methods.pointee.xWrite = { file, buffer, amount, offset in
            let (real, io) = FaultyDisk.io(file)
            let id = FileLayout.id(file)
            let fault = FaultyDisk.shared.decide(.write, id)
            guard let path = FaultyDisk.shared.path(id) else { return io.xWrite(real, buffer, amount, offset) }
            if let fault, !fault.short { return fault.code }
            let written = fault == nil ? amount : amount / 2
            FaultyDisk.shared.record(FaultyDisk.current(real, io, offset: offset, amount: Int(written)), for: path)
            let result = io.xWrite(real, buffer, written, offset)
            return fault?.code ?? result
        }
        methods.pointee.xTruncate = { file, size in
            let (real, io) = FaultyDisk.io(file)
            let id = FileLayout.id(file)
            if let fault = FaultyDisk.shared.decide(.truncate, id) { return fault.code }
            if let path = FaultyDisk.shared.path(id) {
                var now: sqlite3_int64 = 0
                _ = io.xFileSize(real, &now)
                if now > size { FaultyDisk.shared.record(FaultyDisk.current(real, io, offset: size, amount: Int(now - size)), for: path) }
            }
            return io.xTruncate(real, size)
        }
        methods.pointee.xSync = { file, flags in
            let (real, io) = FaultyDisk.io(file)
            let id = FileLayout.id(file)
            if let fault = FaultyDisk.shared.decide(.sync, id) { return fault.code }
            let result = io.xSync(real, flags)
            if result == SQLITE_OK, let path = FaultyDisk.shared.path(id) { FaultyDisk.shared.synced(path) }
            return result
        }
        methods.pointee.xFileSize = { file, size in let (real, io) = FaultyDisk.io(file); return io.xFileSize(real, size) }
        methods.pointee.xLock = { file, level in
            let (real, io) = FaultyDisk.io(file)
            if let fault = FaultyDisk.shared.decide(.lock, FileLayout.id(file)) { return fault.code }
            return io.xLock(real, level)
        }
        methods.pointee.xUnlock = { file, level in let (real, io) = FaultyDisk.io(file); return io.xUnlock(real, level) }
        methods.pointee.xCheckReservedLock = { file, out in let (real, io) = FaultyDisk.io(file); return io.xCheckReservedLock(real, out) }
        methods.pointee.xFileControl = { file, op, argument in let (real, io) = FaultyDisk.io(file); return io.xFileControl(real, op, argument) }
        methods.pointee.xSectorSize = { file in let (real, io) = FaultyDisk.io(file); return io.xSectorSize(real) }
        methods.pointee.xDeviceCharacteristics = { file in let (real, io) = FaultyDisk.io(file); return io.xDeviceCharacteristics(real) }
        methods.pointee.xShmMap = { file, page, size, extend, pointer in let (real, io) = FaultyDisk.io(file); return io.xShmMap(real, page, size, extend, pointer) }
        methods.pointee.xShmLock = { file, offset, count, flags in let (real, io) = FaultyDisk.io(file); return io.xShmLock(real, offset, count, flags) }
        methods.pointee.xShmBarrier = { file in let (real, io) = FaultyDisk.io(file); io.xShmBarrier(real) }
        methods.pointee.xShmUnmap = { file, delete in let (real, io) = FaultyDisk.io(file); return io.xShmUnmap(real, delete) }
        return methods
    }()
}
