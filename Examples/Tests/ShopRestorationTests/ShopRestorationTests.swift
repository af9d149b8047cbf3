import Foundation
import NavStateTesting
import ShopCore
import Testing

/// The shop's routes as its users save them: one value of each case.
let samples: [AppRoute] = [
    .product(id: 7), .order(id: 42), .orderLine(order: 42, line: 1), .checkout, .payment(amount: 30), .debug,
]

/// The saved states of past releases, committed beside this file.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The test an app adds (NavStateTesting.docc, "Testing your app's
/// restoration"): this build restores what every release saved.
// docs: restoration-test
@Test func theScreensUsersSavedComeBack() async throws {
    let check = RestorationCheck(registry: Shop.registry)
    let failures = await check.roundTrips(samples)
        + (try await check.pastReleases(in: fixtures, intendedRemovals: [.enumCase("deals", of: "shop.route")]))
        + check.lint()
    #expect(failures.isEmpty, "\(failures)")
}
// docs.end

/// The removal the shop declared is what lets release 1's saved deals
/// screen go: without the declaration it is a failure, located and named.
@Test func anUndeclaredRemovalFails() async throws {
    let check = RestorationCheck(registry: Shop.registry)
    let failures = try await check.pastReleases(in: fixtures)
    #expect(failures.map(\.description) == [
        #"release-1.json: stack root position 3 'shop.route': payload does not decode: expected AppRoute: Invalid number of keys found, expected one. (saved as {"deals":{}})"#,
    ])
    #expect(failures.count == 1 && failures[0].source == "release-1.json" && failures[0].tag == "shop.route", "\(failures)")
}

/// A release's fixture, written from its values: run with
/// NAVSTATE_WRITE_FIXTURES=1 when a release ships, then commit the file.
@Test(.enabled(if: ProcessInfo.processInfo.environment["NAVSTATE_WRITE_FIXTURES"] == "1"))
func writeThisReleasesFixture() throws {
    let check = RestorationCheck(registry: Shop.registry)
    try check.fixture([AppRoute.checkout, .payment(amount: 30)], style: .qualified)
        .write(to: fixtures.appendingPathComponent("release-2.json"))
}

