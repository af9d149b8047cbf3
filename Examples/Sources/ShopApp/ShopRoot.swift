// The tab bar on iPhone, a split view on iPad and the Mac: the same scene
// state (a tab bar with a stack in each tab) either way.
#if canImport(SwiftUI)
import NavState
import NavStateNavigator
import NavStateUI
import ShopCore
import SwiftUI

struct ShopRoot: View {
    let navigator: SceneNavigator
    let unsaved: NavStateError?
    #if !os(macOS)
    @Environment(\.horizontalSizeClass) private var sizeClass
    #endif

    var body: some View {
        Group {
            #if os(macOS)
            ShopSplit(navigator: navigator)
            #else
            if sizeClass == .regular {
                ShopSplit(navigator: navigator)
            } else {
                ShopTabs(navigator: navigator)
            }
            #endif
        }
        // Sheets and covers over the whole window, from navigator.presentations;
        // a managed one (the checkout) has a stack of its own.
        .navigationPresentations(navigator) { destination in
            AppScreen(destination: destination, navigator: navigator, unsaved: unsaved)
                .navigationDestination(for: AppRoute.self) { AppScreen(route: $0, navigator: navigator, unsaved: unsaved) }
        }
    }
}

// docs: tabs
/// A TabView with a NavigationStack in each tab, each stack a path of the
/// app's own routes, saved on every push, pop and tab switch.
struct ShopTabs: View {
    let navigator: SceneNavigator

    var body: some View {
        TabView(selection: navigator.tabSelection()) {
            ForEach(ShopTab.allCases, id: \.self) { tab in
                NavigationStack(path: navigator.navigationPath(at: .tab(tab))) {
                    TabRoot(tab: tab, navigator: navigator)
                        .navigationDestination(for: AppRoute.self) { AppScreen(route: $0, navigator: navigator) }
                }
                .tabItem { Text(tab.title) }
                .tag(tab.rawValue)
            }
        }
    }
}
// docs.end

/// The same tabs as a sidebar, the selected tab's stack in the detail
/// column.
struct ShopSplit: View {
    let navigator: SceneNavigator

    var body: some View {
        NavigationSplitView {
            List(ShopTab.allCases, id: \.rawValue, selection: optionalTab) { tab in
                Text(tab.title)
            }
        } detail: {
            let tab = navigator.selectedTab(as: ShopTab.self) ?? .home
            NavigationStack(path: navigator.navigationPath(at: .tab(tab))) {
                TabRoot(tab: tab, navigator: navigator)
                    .navigationDestination(for: AppRoute.self) { AppScreen(route: $0, navigator: navigator) }
            }
            .id(tab)
        }
    }

    /// `List(selection:)` wants an optional; a sidebar row is never deselected.
    private var optionalTab: Binding<String?> {
        let selection = navigator.tabSelection()
        return Binding(get: { selection.wrappedValue }, set: { if let tab = $0 { selection.wrappedValue = tab } })
    }
}
#endif
