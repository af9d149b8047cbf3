import ArgumentParser
import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateTooling

extension NavStateCommand {
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a short app session, relaunch as the app's next version, and show what was restored.",
            discussion: """
                Drives scene 'demo' of a sample shop app, a tab bar (Home, Orders, Cart) with a stack \
                in each tab, with a SceneNavigator that saves itself (a push in each tab, a note typed on one \
                screen, a managed sheet \
                with its own stack, a checkpoint return, a promo, a deep link that switches tab and \
                pushes), then restores it with version 2 of the app, which renamed one destination, \
                upgraded another and removed a third, and prints the restored tree and what was \
                dropped and why. Creates \
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

            print("Shop 1.0, tabs Home, Orders, Cart: a SceneNavigator drives the scene and saves it by itself.")
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else {
                throw CLIError("the demo's navigator needs macOS 14 or later")
            }
            try await Self.playVersion1(on: store)
            print("\nShop 2.0 launches: orders.detail renamed 'order' (old name kept as an alias),")
            print("cart.item upgraded to version 2 (qty -> quantity), promo removed.\n")
            let v2 = try DemoShop.version2()
            let manifestPath = Self.manifestPath(besides: path)
            try v2.manifest.jsonData().write(to: URL(fileURLWithPath: manifestPath))
            let (report, restoredState) = try await Self.relaunchAsVersion2(on: store, registry: v2)
            let header = "restored revision \(report.revision.map(String.init) ?? "none") of \(report.headRevision.map(String.init) ?? "none")"
            print(SceneTree.render(restoredState, header: header))
            print("\ndropped \(report.dropped.count):")
            for dropped in report.dropped {
                print("  \(dropped.location)  \(dropped.entry.wireTag)  \(dropped.reason)")
            }
            let note = try restoredState.screens[DemoShop.orderScreen]?.value(String.self, forKey: "note")
            print("\norder 42's note, its screen's own state: \(note.map { "\"\($0)\"" } ?? "not restored")")
            let db = path == "navstate.sqlite" ? "" : " --db \(path)"
            print("""

                Look further:
                  navstate scenes\(db)
                  navstate show demo\(db)
                  navstate history demo\(db)
                  navstate diff demo 5 6\(db)
                  navstate check --registry \(manifestPath) demo\(db)
                """)
        }

        /// Version 1 of the shop, as its views would drive it: each step is
        /// a navigator operation, saved by the navigator itself; `flush()`
        /// (which an app calls when the scene goes to the background) makes
        /// each step's revision show here.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
        @MainActor
        static func playVersion1(on store: NavStore) async throws {
            let navigator = SceneNavigator(scene: "demo", store: store, registry: try DemoShop.version1())
            try await navigator.restore(options: RestoreOptions(tree: DemoShop.tabs))
            func step(_ what: String, _ body: () async throws -> Void) async throws {
                try await body()
                try await navigator.flush()
                print("  revision \(navigator.lastSavedRevision ?? 0)  \(what)")
            }
            try await step("tab home: push home, checkpoint 'home'") {
                try navigator.push(DemoShop.Home())
                navigator.setCheckpoint("home")
            }
            try await step("tab orders: push orders.detail 42, checkpoint 'order'") {
                try navigator.select(tab: "orders")
                try navigator.push(DemoShop.OrderDetail(id: 42))
                navigator.setCheckpoint("order")
            }
            try await step("order 42: type a note, its screen's own state (no new revision)") {
                for length in [5, 11, 20] {
                    try navigator.setScreenValue(
                        String(DemoShop.note.prefix(length)), forKey: "note", at: DemoShop.orderScreen)
                }
            }
            try await step("present managed sheet 'cart', push cart.item LAMP-1 x2") {
                try navigator.present(DemoShop.Cart(), style: .managedSheet)
                try navigator.push(DemoShop.CartItemV1(sku: "LAMP-1", qty: 2))
            }
            try await step("return to checkpoint 'order' (the sheet goes)") {
                try navigator.returnToCheckpoint("order")
            }
            try await step("tab home: push promo SPRING") {
                try navigator.select(tab: "home")
                try navigator.push(DemoShop.Promo(code: "SPRING"))
            }
            try await step("deep link: to tab cart, push cart.item LAMP-1 x2") {
                try await navigator.send(to: .tab("cart"), DemoShop.CartItemV1(sku: "LAMP-1", qty: 2))
            }
        }

        /// Version 2 relaunches: its navigator restores the scene, and
        /// confirms once "the first screens are up".
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
        @MainActor
        static func relaunchAsVersion2(
            on store: NavStore, registry: DestinationRegistry
        ) async throws -> (RestoreReport, SceneState<NavEntry>) {
            let navigator = SceneNavigator(scene: "demo", store: store, registry: registry)
            let report = try await navigator.restore(options: RestoreOptions(tree: DemoShop.tabs))
            try await navigator.confirm()
            return (report, try navigator.state.entries(style: .stable))
        }

        static func manifestPath(besides database: String) -> String {
            let directory = URL(fileURLWithPath: database).deletingLastPathComponent()
            return directory.appendingPathComponent("navstate-demo-v2.manifest.json").path
                .replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: "")
        }
    }
}
