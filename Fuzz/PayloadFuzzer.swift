// libFuzzer target: the fast payload decoder must never give a value that
// JSONDecoder would not give. Built by scripts/fuzz.sh.
import Foundation

enum FuzzRoute: Codable, Hashable {
    case home
    case product(id: Int, name: String)
    case search(query: String, filters: [String], page: Int8?)
    case nested(inner: [FuzzRoute], flag: Bool)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func payloadFuzzer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let text = String(decoding: data, as: UTF8.self)
    func agree<T: Decodable & Equatable>(_ type: T.Type) {
        guard let fast = FastPayloadDecoder.decodedValue(type, from: text) else { return }
        let foundation = try? JSONDecoder().decode(type, from: Data(text.utf8))
        if fast != foundation {
            fatalError("the fast decoder disagrees with JSONDecoder on \(text.debugDescription)")
        }
    }
    agree(FuzzRoute.self)
    agree([Int].self)
    agree(String.self)
    agree(UInt8.self)
    agree([String: Int].self)
    return 0
}
