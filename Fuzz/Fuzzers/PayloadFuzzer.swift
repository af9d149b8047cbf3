// libFuzzer target: the fast payload decoder must never give a value that
// JSONDecoder would not give. Run by scripts/fuzz.sh (`Fuzzers payload`).
import Foundation
import NavState
import NavStateModel
import NavStateTooling

enum FuzzRoute: Codable, Hashable {
    case home
    case product(id: Int, name: String)
    case search(query: String, filters: [String], page: Int8?)
    case nested(inner: [FuzzRoute], flag: Bool)
}

extension Fuzzers {
    /// What is wrong with how one input is handled; empty when nothing is.
    static func payload(_ input: [UInt8]) -> [String] {
        let data = Data(input)
        let text = String(decoding: data, as: UTF8.self)
        func agrees<T: Decodable & Equatable>(_ type: T.Type) -> Bool {
            guard let fast = FastPayloadDecoder.decodedValue(type, from: text) else { return true }
            return fast == (try? JSONDecoder().decode(type, from: Data(text.utf8)))
        }
        let agreeing = [agrees(FuzzRoute.self), agrees([Int].self), agrees(String.self), agrees(UInt8.self), agrees([String: Int].self)]
        guard agreeing.allSatisfy({ $0 }) else {
            return ["the fast decoder disagrees with JSONDecoder on \(text.debugDescription)"]
        }
        return []
    }
}
