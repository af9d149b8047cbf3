// Each screen's own state in SwiftUI: `@ScreenStorage` in a view, and
// `screenState(for:)` on the view a destination, a sheet or a split view's
// detail shows. SwiftUI only: compiles to nothing where there is none
// (Linux). Which entry a view's screen is, and what is saved, is
// SceneSession's (NavStateScenes, "SceneSession+Screens"), tested on
// Linux; this file forwards the view's appearance and its values. The
// Apple APIs used: `DynamicProperty` (iOS 13), `StateObject` and
// `ObservableObject` (iOS 14, iOS 13), `Environment` (iOS 13), `onAppear`
// (iOS 13), `Binding(get:set:)` (iOS 13) and `onChange` (see
// `onNavStateChange`). Nothing is `@Observable`.
#if canImport(SwiftUI)
import Combine
import Foundation
import NavStateModel
import NavStateScenes
public import SwiftUI

/// A value of one screen's own state (a draft, the id of a list's top
/// row, a segment), saved with the navigation and brought back into the
/// same screen at the next launch, in the spirit of `@SceneStorage`, but
/// per screen: two screens of one type in a stack keep separate values,
/// and a popped screen's values leave the file with it.
///
/// ```swift
/// struct OrderScreen: View {
///     let order: Order
///     @ScreenStorage("draft") private var draft = ""
///
///     var body: some View { TextEditor(text: $draft) }
/// }
/// ```
///
/// The screen is the view a destination shows, marked with
/// `screenState(for:)`:
/// `.navigationDestination(for: Order.self) { OrderScreen(order: $0).screenState(for: $0) }`.
/// <doc:EachScreensOwnStateInSwiftUI> says how the screen is found.
/// Outside such a view, the value lives as long as the view, unsaved.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
@propertyWrapper
public struct ScreenStorage<Value: Codable>: DynamicProperty {
    @Environment(\.navState.screen) private var link
    @StateObject private var box: ScreenValueBox<Value>

    /// A value saved under `key` in the screen's state, `wrappedValue`
    /// until one was saved.
    @MainActor public init(wrappedValue: Value, _ key: String) {
        _box = StateObject(wrappedValue: ScreenValueBox(key: key, initial: wrappedValue))
    }

    /// The value: the screen's saved one, or the initial one.
    @MainActor public var wrappedValue: Value {
        get { box.value(following: link) }
        nonmutating set { box.set(newValue) }
    }

    /// A binding to the value, for a `TextField` or a `Picker`.
    @MainActor public var projectedValue: Binding<Value> {
        let box = box
        let link = link
        return Binding(get: { box.value(following: link) }, set: { box.set($0) })
    }
}

/// One `@ScreenStorage` value (NavStateScenes' `ScreenValue`, which
/// decides), observed through `ObservableObject` (not `@Observable`,
/// which iOS 16 cannot link) so a set value updates the view.
@MainActor
final class ScreenValueBox<Value: Codable>: ObservableObject {
    private let kept: ScreenValue<Value>

    init(key: String, initial: Value) {
        kept = ScreenValue(key: key, initial: initial)
    }

    func value(following link: ScreenLink?) -> Value {
        kept.value(in: link?.session, claim: link?.claim)
    }

    func set(_ newValue: Value) {
        objectWillChange.send()
        kept.set(newValue)
    }
}

/// The screen a view's `@ScreenStorage` values are kept in.
struct ScreenLink {
    weak var session: SceneSession?
    var claim: ScreenClaim?
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension View {
    /// Makes this view the screen of the entry `value`: the
    /// `@ScreenStorage` values in it are that entry's, saved with it and
    /// brought back into it.
    ///
    /// Write it on the view a `navigationDestination(for:)`, a
    /// `sheet(item:)` or a split view's detail shows for `value`, the value
    /// a part of the window's `restoresNavigation` holds:
    ///
    /// ```swift
    /// .navigationDestination(for: Order.self) { order in
    ///     OrderScreen(order: order).screenState(for: order)
    /// }
    /// ```
    ///
    /// When the view appears, it takes the entry equal to `value` that no
    /// other view holds, the deepest and the highest first: a view appears
    /// on top of its stack, so of one value pushed twice, each view gets
    /// its own entry.
    public func screenState<Shown: Hashable>(for value: Shown) -> some View {
        modifier(ScreenHosting(value: value))
    }
}

/// The work of `screenState(for:)`: claims the view's entry when it
/// appears (again when the value it shows changes), and hands the claim to
/// the views in it.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct ScreenHosting<Shown: Hashable>: ViewModifier {
    let value: Shown
    @Environment(\.navState.window) private var window
    @State private var holder = ScreenHolder()
    @State private var claim: ScreenClaim?

    func body(content: Content) -> some View {
        content
            .environment(\.navState.screen, ScreenLink(session: window?.session, claim: claim))
            .onAppear { if claim == nil { take(value) } }
            .onNavStateChange(of: value) { take($0) }
    }

    private func take(_ shown: Shown) {
        guard let window, let session = window.session else { return }
        claim = session.claimScreen(holder, among: SceneSession.screenCandidates(window.matches(AnyHashable(shown))))
    }
}
#endif
