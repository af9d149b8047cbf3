public import NavStateModel

// The operators that match a `NavStateError` in a `catch` or a `switch`.
// Declared here, not beside the type in NavStateModel: NavState re-exports
// the type by itself, and a client finds an operator only in a module its
// file imports (`MemberImportVisibility`, the default of a later Swift).
// Every product exports NavState.
extension NavStateError.Code {
    /// Whether `error` is a `NavStateError` of this code: `catch NavStateError.diskFull { … }`.
    public static func ~= (code: Self, error: any Error) -> Bool {
        (error as? NavStateError)?.code == code
    }
}

extension NavStateError {
    /// Whether `error` is of this code, in a `switch` over an error.
    public static func ~= (code: Code, error: Self) -> Bool {
        error.code == code
    }

    /// Whether `error` is this very error, in a `catch`.
    public static func ~= (pattern: Self, error: any Error) -> Bool {
        (error as? NavStateError) == pattern
    }
}
