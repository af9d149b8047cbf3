import Foundation
import PackagePlugin

/// Builds the numbered SQL files in `Migrations/` into the NavState library as
/// Swift source, so the schema has one source of truth and the `navstate`
/// binary needs no resource files beside it.
@main
struct EmbedMigrationsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let migrations = context.package.directoryURL.appending(path: "Migrations")
        let files = try FileManager.default
            .contentsOfDirectory(at: migrations, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) migrations from Migrations/",
                executable: try context.tool(named: "EmbedMigrationsTool").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
