import Foundation

/// The repository's own files, as the checks of it read them.
enum RepositoryFiles {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of every Swift file under `folder`, at any depth.
    static func swiftTexts(under folder: URL) throws -> [String] {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var texts: [String] = []
        while let url = files.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            texts.append(try String(contentsOf: url, encoding: .utf8))
        }
        return texts
    }
}
