import Foundation
import Testing

/// What the SwiftUI face does that Linux cannot run, held where its source
/// says it: the face is SwiftUI only, and each of these is a promise of
/// NavStateUI's article "Adopting NavStateUI".
@Suite("SwiftUI face source")
struct SwiftUIFaceSourceTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func source(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// "Without `onOpenURL:` the modifier takes no URL": the modifier
    /// registers SwiftUI's `onOpenURL` only when the app gave a handler.
    @Test func withoutAHandlerTheModifierRegistersNoURLHandler() throws {
        let face = try Self.source("Sources/NavStateUI/RestoresNavigation.swift")
        let waiting = try #require(face.range(of: "struct OpenURLWaiting: ViewModifier {"))
        let body = face[waiting.upperBound...]
        #expect(body.contains("if let handler {\n            content.onOpenURL { url in"))
        #expect(body.contains("} else {\n            content\n        }"))
        #expect(face.components(separatedBy: ".onOpenURL").count == 2, "one onOpenURL, behind the handler")
    }

    /// Previews use `WindowScenes.forFace`, which the scene tests run with
    /// Xcode's preview variable; the modifier passes the app's opt-in.
    @Test func theModifierOpensItsStoreThroughThePreviewRule() throws {
        let face = try Self.source("Sources/NavStateUI/RestoresNavigation.swift")
        #expect(face.contains("WindowScenes.forFace(path: storePath, restoresInPreviews: inPreviews)"))
        #expect(!face.contains("sharedOrInMemory"))
    }
}
