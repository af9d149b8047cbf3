import Foundation
import Logging
import NavState

/// A second process for the store's multi-process tests: it opens the same
/// file as the test and saves revisions, printing each acknowledged one.
///
/// Usage: `NavStateTestHelper save DB SCENE COUNT [full]`
/// Prints `saved REVISION` per save and exits 0, or prints the error and
/// exits 1.
@main
struct NavStateTestHelper {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 4, arguments[0] == "save", let count = Int(arguments[3]) else {
            FileHandle.standardError.write(Data("usage: NavStateTestHelper save DB SCENE COUNT [full]\n".utf8))
            exit(2)
        }
        var configuration = NavStore.Configuration()
        if arguments.count > 4, arguments[4] == "full" { configuration.durability = .full }
        configuration.logger.logLevel = .critical
        do {
            let store = try NavStore(path: arguments[1], configuration: configuration)
            var state = SceneState<NavEntry>()
            for index in 0..<count {
                state.root.append(NavEntry(tag: "Int", payload: String(index)))
                let result = try store.save(state, scene: arguments[2])
                // Written straight to the descriptor, so a kill never loses an acknowledgement.
                FileHandle.standardOutput.write(Data("saved \(result.revision)\n".utf8))
            }
        } catch {
            FileHandle.standardOutput.write(Data("error \(error)\n".utf8))
            exit(1)
        }
    }
}
