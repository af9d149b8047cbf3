import Foundation

/// The in-process fuzz targets, one binary: `Fuzzers TARGET ARGS…` where
/// TARGET is representation, scene, import, payload or change. Built by
/// scripts/fuzz.sh with -DFUZZING and libFuzzer, where ARGS are libFuzzer's;
/// an ordinary build (every `swift build`) is a replayer: ARGS are input
/// files, each run once.
enum Fuzzers {
    static let targets: [String: @Sendable ([UInt8]) -> [String]] = [
        "representation": representation,
        "scene": scene,
        "import": imports,
        "payload": payload,
        "change": change,
    ]

    /// The target named by the first argument, or a usage message and exit 2.
    static func target(_ arguments: [String]) -> @Sendable ([UInt8]) -> [String] {
        guard let name = arguments.dropFirst().first, let target = targets[name] else {
            FileHandle.standardError.write(Data("usage: Fuzzers \(targets.keys.sorted().joined(separator: "|")) ARGS…\n".utf8))
            exit(2)
        }
        return target
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The target libFuzzer's callback runs; set once, before the driver starts.
nonisolated(unsafe) private var chosen: (@Sendable ([UInt8]) -> [String])?

// SwiftPM links an executable's entry as `Fuzzers_main`: under libFuzzer it
// picks the target from argv[1], drops it, and starts libFuzzer's driver.
@_cdecl("Fuzzers_main")
func fuzzersMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    chosen = Fuzzers.target(CommandLine.arguments)
    var count = argc - 1
    var arguments = argv.map { base -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> in
        base[1] = base[0]  // the program's name where the target's was
        return base + 1
    }
    return runDriver(&count, &arguments) { data, size in
        let findings = chosen?(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []) ?? []
        // A trap is how libFuzzer learns that an input is a finding.
        if !findings.isEmpty { fatalError(findings.joined(separator: "; ")) }
        return 0
    }
}
#else
@main
struct FuzzReplayer {
    static func main() {
        let target = Fuzzers.target(CommandLine.arguments)
        for path in CommandLine.arguments.dropFirst(2) {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("Fuzzers: cannot read \(path)\n".utf8))
                exit(1)
            }
            let findings = target(Array(data))
            guard findings.isEmpty else {
                FileHandle.standardError.write(Data("Fuzzers: \(path): \(findings.joined(separator: "; "))\n".utf8))
                exit(1)
            }
            print("ok \(path)")
        }
    }
}
#endif
