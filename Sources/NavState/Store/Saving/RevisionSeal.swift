/// The checksum a revision row carries, so a row changed, swapped or moved
/// to another scene or number is damage, not content.
///
/// A sealed row's `change` is the change as ``RevisionChange`` encodes it,
/// with its format byte 2 instead of 1 and four more bytes at its end: the
/// CRC-32C (Castagnoli) of the row's scene id, number and base (each eight
/// bytes, little-endian) followed by the change's bytes after the format
/// byte. Rows of format 1 (written before schema 5, or by the migration from
/// schema 3) carry none and are read as they are.
package enum RevisionSeal {
    static let format: UInt8 = 2
    static let trailer = 4

    /// Where a row stands: what its checksum covers besides its change.
    package struct Key: Equatable {
        package var sceneID: Int
        package var number: Int
        package var base: Int

        package init(sceneID: Int, number: Int, base: Int) {
            self.sceneID = sceneID
            self.number = number
            self.base = base
        }
    }

    /// A change as a sealed row holds it.
    package static func seal(_ change: [UInt8], _ key: Key) -> [UInt8] {
        var sealed = change
        seal(&sealed, key)
        return sealed
    }

    /// Seals a change where it lies: a save's own change, which nothing
    /// else holds, is sealed without a copy.
    static func seal(_ change: inout [UInt8], _ key: Key) {
        guard let first = change.first, first == RevisionChange.format else { return }
        let sum = change.withUnsafeBytes { checksum(key, body: UnsafeRawBufferPointer(rebasing: $0.dropFirst())) }
        change[0] = format
        // Little-endian, whatever the machine's order.
        for shift in stride(from: UInt32(0), to: 32, by: 8) { change.append(UInt8(truncatingIfNeeded: sum >> shift)) }
    }

    /// The change a row holds, checked against its checksum when it has one.
    ///
    /// - Returns: The bytes to decode (format 1), or why the row is damage.
    static func open(_ bytes: UnsafeRawBufferPointer, _ key: Key) -> Result<[UInt8], RevisionChange.Problem> {
        guard let first = bytes.first else { return .failure(.undecodable(offset: 0)) }
        guard first == format else { return .success(Array(bytes)) }
        guard bytes.count >= 1 + trailer else { return .failure(.undecodable(offset: bytes.count)) }
        let body = UnsafeRawBufferPointer(rebasing: bytes[1..<(bytes.count - trailer)])
        var stored: UInt32 = 0
        for (index, byte) in bytes.suffix(trailer).enumerated() { stored |= UInt32(byte) << (8 * UInt32(index)) }
        guard checksum(key, body: body) == stored else {
            return .failure(.checksumMismatch)
        }
        var change: [UInt8] = [RevisionChange.format]
        change.append(contentsOf: body)
        return .success(change)
    }

    static func checksum(_ key: Key, body: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { tables in
            var crc: UInt32 = 0xFFFF_FFFF
            // Each number as its eight bytes, least significant first.
            crc = step(crc, UInt64(bitPattern: Int64(truncatingIfNeeded: key.sceneID)), tables)
            crc = step(crc, UInt64(bitPattern: Int64(truncatingIfNeeded: key.number)), tables)
            crc = step(crc, UInt64(bitPattern: Int64(truncatingIfNeeded: key.base)), tables)
            return ~update(crc, body, tables)
        }
    }

    /// CRC-32C of `bytes` continued from `crc` (start at 0xFFFFFFFF, and
    /// invert the result).
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { update(crc, bytes, $0) }
    }

    /// `update` with the tables in hand, eight bytes a step ("slicing by
    /// 8"), the rest one by one: every save seals its row
    /// (docs/benchmarks.md, "Where a save goes").
    @inline(__always)
    private static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer, _ tables: UnsafeBufferPointer<UInt32>) -> UInt32 {
        var crc = crc
        var offset = 0
        while offset + 8 <= bytes.count {
            crc = step(crc, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)), tables)
            offset += 8
        }
        while offset < bytes.count {
            crc = tables[Int(truncatingIfNeeded: (crc ^ UInt32(bytes[offset])) & 0xFF)] ^ (crc >> 8)
            offset += 1
        }
        return crc
    }

    /// Eight bytes, `word`'s least significant first, added to `crc`.
    @inline(__always)
    private static func step(_ crc: UInt32, _ word: UInt64, _ tables: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let low = crc ^ UInt32(truncatingIfNeeded: word)
        let high = UInt32(truncatingIfNeeded: word >> 32)
        func at(_ table: Int, _ byte: UInt32) -> UInt32 { tables[table &* 256 &+ Int(truncatingIfNeeded: byte & 0xFF)] }
        return at(7, low) ^ at(6, low >> 8) ^ at(5, low >> 16) ^ at(4, low >> 24)
            ^ at(3, high) ^ at(2, high >> 8) ^ at(1, high >> 16) ^ at(0, high >> 24)
    }

    /// The CRC-32C tables (reflected polynomial 0x82F63B78): table 0 is the
    /// byte-at-a-time one, table k the effect of a byte followed by k zero
    /// bytes, one after another in one array.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 != 0 ? (value >> 1) ^ 0x82F6_3B78 : value >> 1 }
            tables[index] = value
        }
        for table in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(table - 1) * 256 + index]
                tables[table * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
