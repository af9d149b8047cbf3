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
        table.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            // Each number as its eight bytes, least significant first.
            func add(_ value: Int) {
                var word = UInt64(bitPattern: Int64(truncatingIfNeeded: value))
                for _ in 0..<8 {
                    crc = table[Int(truncatingIfNeeded: (crc ^ UInt32(truncatingIfNeeded: word)) & 0xFF)] ^ (crc >> 8)
                    word >>= 8
                }
            }
            add(key.sceneID)
            add(key.number)
            add(key.base)
            return ~update(crc, body, table)
        }
    }

    /// CRC-32C of `bytes` continued from `crc` (start at 0xFFFFFFFF, and
    /// invert the result).
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        table.withUnsafeBufferPointer { update(crc, bytes, $0) }
    }

    /// `update` with the table in hand: a row's bytes cost a few
    /// instructions each (docs/benchmarks.md, "Where a save goes").
    @inline(__always)
    private static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer, _ table: UnsafeBufferPointer<UInt32>) -> UInt32 {
        var crc = crc
        for byte in bytes {
            crc = table[Int(truncatingIfNeeded: (crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc
    }

    /// The CRC-32C table (reflected polynomial 0x82F63B78).
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? (value >> 1) ^ 0x82F6_3B78 : value >> 1 }
        return value
    }
}
