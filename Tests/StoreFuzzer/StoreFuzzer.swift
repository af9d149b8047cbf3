import Foundation

// The store fuzzer's entry points. Built by scripts/fuzz.sh with -DFUZZING
// and libFuzzer; an ordinary build is a replayer of saved inputs:
//     StoreFuzzer FILE…
// SwiftPM links an executable's entry as `StoreFuzzer_main`, so under
// libFuzzer that function starts libFuzzer's own driver.

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("StoreFuzzer_main")
func storeFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        StoreFuzzing.trapOnFindings(StoreFuzzing.runBlocking(bytes, in: directory))
        return 0
    }
}
#else
@main
struct StoreFuzzer {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("StoreFuzzer: cannot read \(path)\n".utf8))
                exit(1)
            }
            StoreFuzzing.trapOnFindings(StoreFuzzing.runBlocking(Array(data), in: NSTemporaryDirectory()))
            print("ok \(path)")
        }
    }
}
#endif
