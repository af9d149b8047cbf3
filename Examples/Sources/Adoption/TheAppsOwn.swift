// What an app already has before it adopts NavState: its routes, its tabs,
// its sidebar panels, its sheets, its router objects and its views. Nothing
// here imports NavState: the types need only what NavigationPath asks
// (Codable and Hashable; an app's own enums are Sendable by themselves).
// SwiftUI only: compiles to nothing where there is none.
#if canImport(SwiftUI)
import Combine
import SwiftUI

enum OrderRoute: Hashable, Codable {
    case detail(id: Int)
    case line(order: Int, line: Int)
}

enum HomeRoute: Hashable, Codable {
    case product(id: Int)
    case promo(code: String)
}

enum ShopTab: String, Hashable, Codable {
    case home, orders
}

/// Food Truck's sidebar panels, made `Codable`.
enum Panel: Hashable, Codable {
    case truck, orders, donuts
    case city(String)
}

/// What a sheet is presented for.
enum ShopSheet: String, Identifiable, Hashable, Codable {
    case cart, account
    var id: String { rawValue }
}

/// A feature's router, as apps that keep navigation out of their views
/// write one.
final class Router<Route: Hashable>: ObservableObject {
    @Published var path: [Route] = []
}

struct OrderList: View {
    var body: some View {
        List(1..<10) { id in NavigationLink("Order \(id)", value: OrderRoute.detail(id: id)) }
            .navigationDestination(for: OrderRoute.self) { OrderScreen(route: $0) }
    }
}

struct OrderScreen: View {
    let route: OrderRoute
    var body: some View { Text("\(String(describing: route))") }
}

struct HomeView: View {
    var body: some View {
        NavigationLink("Product 1", value: HomeRoute.product(id: 1))
            .navigationDestination(for: HomeRoute.self) { Text("\(String(describing: $0))") }
    }
}

struct Sidebar: View {
    @Binding var selection: Panel?
    var body: some View {
        List(selection: $selection) {
            NavigationLink("Truck", value: Panel.truck)
            NavigationLink("Orders", value: Panel.orders)
            NavigationLink("Donuts", value: Panel.donuts)
        }
    }
}

struct DetailColumn: View {
    @Binding var selection: Panel?
    var body: some View {
        switch selection ?? .truck {
        case .orders: OrderList()
        default: Text("\(String(describing: selection))")
        }
    }
}

struct SheetScreen: View {
    let sheet: ShopSheet
    var body: some View { Text(sheet.rawValue) }
}
#endif
