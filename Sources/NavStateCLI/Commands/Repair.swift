import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Repair: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set aside every scene whose head revision cannot load, or that can take no further save.",
            discussion: """
                A scene whose rows were damaged or tampered with (a head that names a missing revision, \
                a stack with a gap, a layout that does not match its rows), or whose next save cannot be \
                written (a scene id out of range, a head at the largest revision number), is renamed to \
                NAME#damaged-N: the app's next save of NAME starts it afresh, and the old rows stay to \
                be shown, exported or deleted. No other scene is touched. A file SQLite itself finds \
                damaged is not repaired here: the app's NavStore.openRecovering moves it aside whole.

                Examples:
                  navstate check --db app.sqlite
                  navstate repair --db app.sqlite
                """)

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let store = try database.openForWriting(create: false)
            let damaged = try store.damagedScenes()
            if damaged.isEmpty {
                Terminal.line("every scene loads; nothing to repair")
                return
            }
            for damage in damaged {
                let renamed = try store.setAside(scene: damage.scene)
                Terminal.line("set scene '\(damage.scene)' aside as '\(renamed)': \(damage.damage)")
            }
        }
    }
}
