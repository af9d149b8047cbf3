import Foundation

/// Which sanitizer the suite runs under, as `scripts/sanitizers.sh` says
/// (`NAVSTATE_SANITIZER`): the few tests a sanitizer's runtime cannot run
/// are disabled under it, by name, and nowhere else.
enum Sanitizers {
    /// ThreadSanitizer's runtime dies with SIGBUS in a child process run
    /// under a file-size limit (`ulimit -f`: it cannot map its shadow
    /// memory), so the tests of a full disk through a child process do not
    /// run under it. They run in the plain and AddressSanitizer runs.
    static var threadSanitizerRuns: Bool {
        ProcessInfo.processInfo.environment["NAVSTATE_SANITIZER"] == "thread"
    }

    /// Whether the suite runs under a sanitizer.
    static var running: Bool {
        ProcessInfo.processInfo.environment["NAVSTATE_SANITIZER"].map { !$0.isEmpty } ?? false
    }

    /// `count` in the plain run, `underSanitizer` under a sanitizer: the
    /// heaviest loops (the kill tests' rounds, the generated restores) look
    /// for memory errors and races in a few rounds, and the plain run, where
    /// a round costs a tenth as much, does them all. CI's time holds all
    /// three runs (scripts/sanitizers.sh).
    static func rounds(_ count: Int, underSanitizer: Int) -> Int {
        running ? min(count, underSanitizer) : count
    }
}
