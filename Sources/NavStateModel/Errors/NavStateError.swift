/// An error from NavState: the one type every part of it throws, the
/// store, the registry, a scene state's rules, the wire format, the
/// navigator and the tools alike.
///
/// Match a kind by its ``code``, in a `catch` or a `switch`:
///
/// ```swift
/// do {
///     try await store.save(state, scene: "main")
/// } catch NavStateError.diskFull {
///     logger.error("the disk is full; the last save is still in the file")
/// } catch where error.code == .conflict {
///     logger.error("scene \(error.scene ?? "") is at revision \(error.revision ?? 0) already")
/// } catch {
///     logger.error("navigation state not saved: \(error)")
/// }
/// ```
///
/// Kinds are added in later releases without breaking an app's code: a
/// `catch` list ends with a plain `catch`, a `switch` over ``code`` keeps a
/// `default`. Each kind is also a static function of the same name that
/// makes the error (`NavStateError.conflict(scene:expected:actual:)`),
/// which `==` compares with one thrown. The details a kind carries are
/// properties (the store's `path`, `scene` and `revision`), `nil` for the
/// kinds without them; ``description`` says what failed and what to do.
///
/// The `~=` operators that let a `catch` match a code are declared in
/// NavState, which every product exports: an app finds them with
/// `import NavState`.
public struct NavStateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed, with its details, as the part that threw it tells it.
    package var failure: any NavStateFailure { box.failure }

    /// The failure in a box of its own: the error is one reference, so a
    /// `Result` or an optional that may hold it (a save's, on every call)
    /// copies as one retain, whatever the failure holds.
    private let box: FailureBox

    package init(kind failure: some NavStateFailure) { box = FailureBox(failure) }

    /// What kind of failure this is.
    public var code: Code { failure.code }

    public var description: String { failure.description }

    public static func == (lhs: NavStateError, rhs: NavStateError) -> Bool {
        lhs.failure.isEqual(to: rhs.failure)
    }

    public func hash(into hasher: inout Hasher) {
        failure.hash(into: &hasher)
    }

    /// What kind of failure an error is: compare it with `==`, or match it
    /// in a `catch` (`catch NavStateError.diskFull { … }`). Kinds are added
    /// in later releases; a `switch` over codes keeps a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as its static member spells it (`diskFull`).
        public let name: String

        package init(_ name: String) { self.name = name }

        public var description: String { name }
    }
}

/// A kind of failure, as the module that throws it tells it: an enum of
/// that module's (`StoreFailure`, `RegistryFailure`, …), which a
/// ``NavStateError`` carries. Package-wide, so that kinds are added without
/// breaking an app's `switch`.
package protocol NavStateFailure: Hashable, Sendable, CustomStringConvertible {
    /// The code of this kind.
    var code: NavStateError.Code { get }
}

extension NavStateFailure {
    /// Whether `other` is this very failure.
    func isEqual(to other: any NavStateFailure) -> Bool {
        (other as? Self) == self
    }
}

extension NavStateError {
    /// The failure, if the part that threw it tells it as `F`.
    package func failure<F: NavStateFailure>(as type: F.Type) -> F? {
        failure as? F
    }
}

/// A ``NavStateError``'s failure, boxed once when the error is made.
private final class FailureBox: Sendable {
    let failure: any NavStateFailure

    init(_ failure: any NavStateFailure) { self.failure = failure }
}
