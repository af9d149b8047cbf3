
/// The version of this NavState build.
public enum NavStateVersion {
    /// The library's semantic version, as `navstate --version` prints it.
    public static let current = "0.1.0"
}
