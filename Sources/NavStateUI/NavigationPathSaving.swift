// One NavigationPath saved without the navigator (iOS 16): forwarded to NavigationPathSaver.
// SwiftUI only: compiles to nothing where there is none (Linux). The
// decisions are NavStateNavigator's, tested there; each Apple API used is
// listed in docs/integration.md ("The Apple APIs the glue uses").
#if canImport(SwiftUI)
import Foundation
import NavState
public import NavStateNavigator
public import SwiftUI

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension View {
    /// Saves and restores `path` with `saver`, for an app whose floor is
    /// iOS 16 / macOS 13 (``NavigationPathSaver``): restores it when the
    /// view appears and shows the view once it is in place, confirms the
    /// launch a settle time after the restored screen appeared, saves every
    /// push, pop and swipe, and saves (then suspends the store) when the
    /// scene goes to the background. Every decision is the saver's.
    ///
    /// ```swift
    /// NavigationStack(path: $path) { TruckView() }
    ///     .savesNavigationPath($path, with: saver)
    /// ```
    public func savesNavigationPath(_ path: Binding<NavigationPath>, with saver: NavigationPathSaver) -> some View {
        modifier(NavigationPathSaving(path: path, saver: saver))
    }

    /// `onChange(of:perform:)` (iOS 14, deprecated in iOS 17) before iOS 17,
    /// `onChange(of:initial:_:)` (iOS 17) from then.
    @ViewBuilder
    func onNavStateChange<Value: Equatable>(of value: Value, perform: @escaping (Value) -> Void) -> some View {
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) {
            onChange(of: value) { _, new in perform(new) }
        } else {
            onChange(of: value, perform: perform)
        }
    }
}

/// The work of `savesNavigationPath(_:with:)`: forwards the view's events
/// to the saver and runs the background job it returns.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct NavigationPathSaving: ViewModifier {
    @Binding var path: NavigationPath
    let saver: NavigationPathSaver
    @State private var restored = false
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        let saver = saver
        Group {
            if restored {
                content.onAppear { saver.contentAppeared() }
            } else {
                Color.clear
            }
        }
        .task {
            guard !restored else { return }
            path = NavigationPath(values: await saver.restore())
            restored = true
        }
        .onNavStateChange(of: path) { path in
            let shown = NavigationPath(values: saver.destinations)
            saver.pathChanged(
                count: path.count, keepsEntries: path.sharesPrefix(with: shown),
                codableJSON: { path.codable.flatMap { try? JSONEncoder().encode($0) } })
        }
        .onNavStateChange(of: scenePhase) { phase in
            guard let job = saver.phaseChanged(to: WindowPhase(phase)) else { return }
            BackgroundWork.run("NavState: save navigation", job)
        }
    }
}
#endif
