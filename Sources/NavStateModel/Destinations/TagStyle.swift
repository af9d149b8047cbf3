/// How type tags are written when a path is encoded.
///
/// Decoding accepts every style at once; see `docs/format.md`.
public enum TagStyle: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The tag and payload each entry was read with; a new value's stable
    /// name. Encoding a decoded representation in this style gives back the
    /// same bytes, except for an entry the registry upgraded from an older
    /// payload version: that one is written as upgraded (stable name,
    /// current version, upgraded payload), since the old bytes no longer
    /// describe the value.
    case asRead = "as-read"
    /// The stable names the app chose (`orders.detail`), with `@version` when
    /// the version is not 1. Survives renaming types and modules.
    case stable
    /// SwiftUI's module-qualified names (`Swift.Int`, `MyApp.Route`), which
    /// `NavigationPath.CodableRepresentation` writes and reads.
    case qualified
    /// Swift mangled names (`Si`, `5MyApp5RouteO`), which NavigationBackport,
    /// FlowStacks and swift-navigation write.
    case mangled

    public var description: String { rawValue }
}
