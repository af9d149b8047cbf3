import Foundation
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The documentation's snippets are programs `swift build` compiles; here
/// they run, so what the README and the DocC articles show works.
@Suite("Documentation snippets")
struct SnippetTests {
    @Test(arguments: [
        ("QuickStart", "saved revision 1 with 2 destinations\n"),
        ("AppUpdate", "not restored: stack root position 1 'promo': unknown type\nrestored 1 of 2; dropped 1\n"),
        ("Navigator", "restored 1 screen, saved in 1 saves\n"),
        ("TabBar", "tab orders: 1 screen; home: 1 screen\n"),
        ("RestoreDoc", "not restored: stack root position 2 'promo': unknown type\nrestored 2 of 3\n"),
        ("StoreDoc", "revision 1; orders tab: 2 screens\n"),
    ])
    func snippetRunsAndPrintsWhatItShows(name: String, output: String) throws {
        let snippet = CommandRunner(executable: CommandRunner.builtProduct(name))
        let result = try snippet.run([])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text == output)
    }
}
