import ArgumentParser
import Foundation
import NavState
import NavStateTooling

extension NavStateCommand {
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a short app session, relaunch as the app's next version, and show what was restored.",
            discussion: """
                Saves scene 'demo' of a sample shop app revision by revision (a home stack, an order \
                pushed, a promo, a managed sheet with its own stack, a checkpoint, a selected tab), then \
                restores it with version 2 of the app, which renamed one destination, upgraded another \
                and removed a third, and prints the restored tree and what was dropped and why. Creates \
                the database if needed, replaces only the 'demo' scene, and writes version 2's registry \
                manifest next to the database for 'navstate check'. Runs again cleanly.

                Examples:
                  navstate demo
                  navstate demo --db /tmp/demo.sqlite
                """)

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let store = try database.openForWriting(create: true)
            let path = database.path
            try await store.delete(scene: "demo")
            print("NavState demo: scene 'demo' in \(path)\n")

            print("Shop 1.0 saves each step:")
            let v1 = try DemoShop.version1()
            var state = SceneState<AnyDestination>()
            func save(_ what: String) throws {
                let result = try store.save(state, scene: "demo")
                print("  revision \(result.revision)  \(what)  [entry rows written: \(result.entriesInserted)]")
            }
            state.root = [try AnyDestination(DemoShop.Home(), in: v1)]
            // Returning to 'home' keeps the first screen, the shop's home.
            state.checkpoints = [Checkpoint(name: "home", stack: 0, entriesKept: 1)]
            try save("home")
            state.root.append(try AnyDestination(DemoShop.OrderDetail(id: 42), in: v1))
            state.checkpoints.append(Checkpoint(name: "order", stack: 0, entriesKept: 2))
            try save("push orders.detail 42, checkpoint 'order'")
            state.root.append(try AnyDestination(DemoShop.Promo(code: "SPRING"), in: v1))
            try save("push promo SPRING")
            state.presentations = [Presentation(
                method: .managedSheet, destination: try AnyDestination(DemoShop.Cart(), in: v1),
                stack: [try AnyDestination(DemoShop.CartItemV1(sku: "LAMP-1", qty: 2), in: v1)])]
            state.values["selectedTab"] = try AnyDestination("orders", in: v1)
            try save("managed sheet 'cart' with cart.item LAMP-1 x2, tab 'orders'")

            print("\nShop 2.0 launches: orders.detail renamed 'order' (old name kept as an alias),")
            print("cart.item upgraded to version 2 (qty -> quantity), promo removed.\n")
            let v2 = try DemoShop.version2()
            let manifestPath = Self.manifestPath(besides: path)
            try v2.manifest.jsonData().write(to: URL(fileURLWithPath: manifestPath))
            let restored = try await store.restore(scene: "demo", registry: v2)
            try await store.confirmRestore(restored)
            let report = restored.report
            let header = "restored revision \(report.revision.map(String.init) ?? "none") of \(report.headRevision.map(String.init) ?? "none")"
            print(SceneTree.render(try restored.state.entries(style: .stable), header: header))
            print("\ndropped \(report.dropped.count):")
            for dropped in report.dropped {
                print("  \(dropped.location)  \(dropped.entry.wireTag)  \(dropped.reason)")
            }
            let db = path == "navstate.sqlite" ? "" : " --db \(path)"
            print("""

                Look further:
                  navstate scenes\(db)
                  navstate show demo\(db)
                  navstate history demo\(db)
                  navstate diff demo 3 4\(db)
                  navstate check --registry \(manifestPath) demo\(db)
                """)
        }

        static func manifestPath(besides database: String) -> String {
            let directory = URL(fileURLWithPath: database).deletingLastPathComponent()
            return directory.appendingPathComponent("navstate-demo-v2.manifest.json").path
                .replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: "")
        }
    }
}
