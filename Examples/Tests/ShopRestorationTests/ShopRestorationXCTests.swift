import NavStateTesting
import ShopCore
import XCTest

/// The same check in XCTest: NavStateTesting imports no test framework,
/// so a test target of either kind uses it as it is.
final class ShopRestorationXCTests: XCTestCase {
    func testTheScreensUsersSavedComeBack() async throws {
        let check = RestorationCheck(registry: Shop.registry)
        let failures = await check.roundTrips(samples)
            + (try await check.pastReleases(in: fixtures, intendedRemovals: [.enumCase("deals", of: "shop.route")]))
            + check.lint()
        XCTAssertEqual(failures, [])
    }
}
