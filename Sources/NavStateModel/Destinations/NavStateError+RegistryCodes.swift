// A registry refused something: building it (a name that cannot be a tag, a
// name two types claim, a type registered twice, a bad version or upgrade
// step), or turning a value into a destination or an entry. Programming errors
// an app meets the first time it runs the code in question; what a restore
// cannot read is a ``DropReason`` in its report instead. Each code is one line
// of this table: its name, and the message it makes of the details an error of
// it was made with (`d["path"]`; an unlabelled one is `d[""]`).
extension NavStateError.Codes {
    /// Registering: two different types claim the same stable name, alias,
    /// SwiftUI-qualified name or mangled name.
    public static var nameClaimedTwice: NavStateError.Code { .init("nameClaimedTwice") { d in "the name '\(d["name"])' is claimed by both \(d["existingType"]) and \(d["newType"]); give one of them another stable name or drop the alias" } }
    /// Registering: one type was registered twice with different names,
    /// versions or aliases.
    public static var typeRegisteredTwice: NavStateError.Code { .init("typeRegisteredTwice") { d in "\(d["type"]) is registered twice, as '\(d["existingName"])' and as '\(d["newName"])'; register each type once and list old names as aliases" } }
    /// Registering: a stable name or alias that cannot be used as a tag: it
    /// is empty, longer than ``DestinationRegistry/maximumNameBytes``, or
    /// holds `@` (which separates a tag from its version in stored tags) or
    /// a control character. The description says which.
    public static var invalidName: NavStateError.Code { .init("invalidName") { d in "'\(d[""])' cannot be a destination name: \(DestinationRegistry.problem(withName: d.text("")) ?? "it is refused")" } }
    /// Registering: a payload version below 1.
    public static var invalidVersion: NavStateError.Code { .init("invalidVersion") { d in "\(d["type"]) cannot have payload version \(d["version"]); versions start at 1" } }
    /// Registering: an upgrade step keyed by a version it cannot upgrade from.
    public static var invalidUpgrade: NavStateError.Code { .init("invalidUpgrade") { d in "\(d["type"]) has an upgrade step from version \(d["from"]), but its steps must start at 1 and end below its version \(d["version"])" } }
    /// A type that is not registered: a value pushed, presented or erased
    /// into a destination, or a validator added for it.
    public static var unregisteredType: NavStateError.Code { .init("unregisteredType") { d in "\(d[""]) is not registered; call registry.register(\(d[""]).self, as: \"some.name\") before using it" } }
    /// Erasing a value: `JSONEncoder` could not encode it.
    public static var encodingFailed: NavStateError.Code { .init("encodingFailed") { d in "a value of \(d["type"]) could not be encoded as JSON: \(d["description"])" } }
    /// Writing an entry: the tag style asked for a name this type does not
    /// have (private and local types may have no mangled name).
    public static var tagUnavailable: NavStateError.Code { .init("tagUnavailable") { d in "\(d["type"]) has no \(d["style"]) tag; write it with stable tags instead" } }
    /// Rewriting tags: no registered type answers to this tag.
    public static var unknownTag: NavStateError.Code { .init("unknownTag") { d in "no registered type answers to the tag '\(d[""])'" } }
}
