// A screen's own state could not be read back as the type asked for. Each code
// is one line of this table: its name, and the message it makes of the
// details an error of it was made with (`d["path"]`; an unlabelled one is
// `d[""]`).
extension NavStateError.Codes {
    /// A screen value's saved JSON does not decode as the type asked for:
    /// an update changed the type. That value starts afresh; the screen and
    /// its other values come back.
    public static var screenValueUndecodable: NavStateError.Code { .init("screenValueUndecodable") { d in "the screen value '\(d["key"])' does not decode as \(d["type"]): \(d["description"]); it starts afresh" } }
}
