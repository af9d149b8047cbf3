import Foundation

extension DestinationRegistry {
    /// The scalar types every registry knows, with the tags SwiftUI writes for
    /// them on Apple platforms and the mangled tags NavigationBackport writes,
    /// including both platforms' spelling of `UUID`.
    static let builtInRegistrations: [DestinationRegistration] = [
        builtIn(Int.self, "Int", qualified: "Swift.Int", mangled: "Si"),
        builtIn(Int64.self, "Int64", qualified: "Swift.Int64", mangled: "s5Int64V"),
        builtIn(Double.self, "Double", qualified: "Swift.Double", mangled: "Sd"),
        builtIn(Float.self, "Float", qualified: "Swift.Float", mangled: "Sf"),
        builtIn(Bool.self, "Bool", qualified: "Swift.Bool", mangled: "Sb"),
        builtIn(String.self, "String", qualified: "Swift.String", mangled: "SS"),
        builtIn(
            UUID.self, "UUID",
            qualified: "Foundation.UUID", otherQualified: ["FoundationEssentials.UUID"],
            mangled: "10Foundation4UUIDV", otherMangled: ["20FoundationEssentials4UUIDV"]),
    ]

    private static func builtIn<T: NavDestination>(
        _ type: T.Type,
        _ name: String,
        qualified: String,
        otherQualified: [String] = [],
        mangled: String,
        otherMangled: [String] = []
    ) -> DestinationRegistration {
        // This platform's own spellings are accepted too, in case they differ.
        let localQualified = String(reflecting: type)
        let localMangled = _mangledTypeName(type)
        return DestinationRegistration(
            type, name: name, version: 1, aliases: [], persistence: .persisted,
            qualifiedName: qualified,
            otherQualifiedNames: unique(otherQualified + [localQualified], excluding: qualified),
            mangledName: mangled,
            otherMangledNames: unique(otherMangled + (localMangled.map { [$0] } ?? []), excluding: mangled),
            isBuiltIn: true)
    }

    private static func unique(_ names: [String], excluding primary: String) -> [String] {
        var seen: Set<String> = [primary]
        return names.filter { seen.insert($0).inserted }
    }
}
