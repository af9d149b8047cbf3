/// An error from NavState: the one type every part of it throws, the
/// store, the registry, a scene state's rules, the wire format, the
/// navigator and the tools alike. It is a ``code`` and the details of what
/// failed; ``description`` says what failed and what to do.
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
/// Codes are added in later releases without breaking an app's code: a
/// `catch` list ends with a plain `catch`, a `switch` over ``code`` keeps a
/// `default`. A code called with its details makes an error
/// (`NavStateError.conflict(scene: "main", expected: 3, actual: 4)`), which
/// `==` compares with one thrown. The details every code may carry are
/// properties (the store's `path`, `scene` and `revision`), `nil` for the
/// codes without them; ``detail(_:as:)`` reads any other by name.
///
/// Each layer declares its codes in one table, a line each, as static
/// members of ``Codes`` (`NavStateError+…Codes.swift`). The `~=` operators
/// that let a `catch` match a code are declared in NavState, which every
/// product exports.
public struct NavStateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error in a box of its own: one reference, so a `Result` or an
    /// optional that may hold it (a save's, on every call) copies as one
    /// retain, whatever it holds.
    private let box: Box

    package init(_ code: Code, _ details: Details) { box = Box(code: code, details: details) }

    /// What kind of failure this is.
    public var code: Code { box.code }

    /// What failed, by name: the arguments the error was made with.
    package var details: Details { box.details }

    public var description: String { code.message(details) }

    /// The detail of this name the error was made with, if it has one of
    /// that type: `error.detail("bytes", as: Int.self)` of a `handoffTooLarge`.
    public func detail<T>(_ name: String, as type: T.Type = T.self) -> T? {
        details.value(name, as: type)
    }

    public static func == (lhs: NavStateError, rhs: NavStateError) -> Bool {
        lhs.code == rhs.code && lhs.details == rhs.details
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(details)
    }

    /// What the codes are static members of: ``NavStateError`` (for a
    /// `catch NavStateError.diskFull`) and ``Code`` (for a `switch` over
    /// `error.code`, `case .diskFull:`). Each layer adds its codes to it.
    public protocol Codes {}

    /// What kind of failure an error is: compare it with `==`, match it in a
    /// `catch` (`catch NavStateError.diskFull { … }`), or call it with
    /// details to make an error of this kind. Two codes are equal when their
    /// names are.
    @dynamicCallable
    public struct Code: Hashable, Sendable, CustomStringConvertible, Codes {
        /// The kind's name, as its static member spells it (`diskFull`).
        public let name: String

        /// What an error of this code says, from its details.
        let message: @Sendable (Details) -> String

        package init(_ name: String, _ message: @escaping @Sendable (Details) -> String) {
            self.name = name
            self.message = message
        }

        public var description: String { name }

        public static func == (lhs: Code, rhs: Code) -> Bool { lhs.name == rhs.name }

        public func hash(into hasher: inout Hasher) { hasher.combine(name) }

        /// An error of this code with these details, by name
        /// (`NavStateError.conflict(scene: "main", expected: 3, actual: 4)`);
        /// an unlabelled one is named `""`.
        public func dynamicallyCall(withKeywordArguments details: KeyValuePairs<String, any Hashable & Sendable>) -> NavStateError {
            NavStateError(self, Details(details.map { ($0.key, $0.value) }))
        }
    }

    /// An error's details: named values, in the order they were given.
    package struct Details: Hashable, Sendable {
        private var pairs: [(name: String, value: any Hashable & Sendable)] = []

        package init(_ pairs: [(String, any Hashable & Sendable)]) {
            self.pairs = pairs.map { (name: $0.0, value: $0.1) }
        }

        /// The value of this name, as text for a message: `""` when there is
        /// none, or it is `nil`.
        package subscript(_ name: String) -> String {
            guard let value = pairs.first(where: { $0.name == name })?.value else { return "" }
            if let optional = value as? any OptionalDetail { return optional.wrappedDescription ?? "" }
            return "\(value)"
        }

        /// The value of this name, if it is a `T`.
        package func value<T>(_ name: String, as type: T.Type = T.self) -> T? {
            pairs.first { $0.name == name }?.value as? T
        }

        /// The text of this name; `""` when there is none.
        package func text(_ name: String) -> String { value(name) ?? "" }

        /// The integer of this name; 0 when there is none.
        package func int(_ name: String) -> Int { value(name) ?? 0 }

        package static func == (lhs: Details, rhs: Details) -> Bool {
            lhs.pairs.count == rhs.pairs.count
                && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.name == $1.name && isEqual($0.value, $1.value) }
        }

        package func hash(into hasher: inout Hasher) {
            for (name, value) in pairs {
                hasher.combine(name)
                hasher.combine(value)
            }
        }

        private static func isEqual(_ lhs: any Hashable & Sendable, _ rhs: any Hashable & Sendable) -> Bool {
            func equal<T: Hashable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
            return equal(lhs)
        }
    }
}

extension NavStateError: NavStateError.Codes {}

/// An optional detail, shown in a message as its value, or as nothing
/// when it is `nil`.
private protocol OptionalDetail {
    var wrappedDescription: String? { get }
}

extension Optional: OptionalDetail {
    fileprivate var wrappedDescription: String? { map { "\($0)" } }
}

extension NavStateError {
    /// A ``NavStateError``'s code and details, boxed once when the error is made.
    private final class Box: Sendable {
        let code: Code
        let details: Details

        init(code: Code, details: Details) {
            self.code = code
            self.details = details
        }
    }
}
