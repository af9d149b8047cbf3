import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Purge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete every scene and make sure no saved bytes remain in the files.",
            discussion: """
                Overwrites freed pages, vacuums, and truncates the WAL. Refuses to run without --yes.

                Examples:
                  navstate purge --yes
                  navstate purge --yes --db ~/Library/Containers/com.example.shop/Data/NavState/navstate.sqlite
                """)

        @OptionGroup var database: DatabaseOptions

        @Flag(help: "Confirm that every scene should be deleted.")
        var yes = false

        func run() async throws {
            guard yes else {
                throw CLIError("purge deletes every scene in \(database.path); run again with --yes to confirm")
            }
            let complete = try database.openForWriting(create: false).purge()
            Terminal.line(complete ? "purged \(database.path)" :
                "purged \(database.path); another process still reads it, so run purge again once it has finished to truncate the WAL")
        }
    }
}
