import Foundation

/// Timing with warm-up, many iterations, and peers interleaved round by round,
/// so that every peer sees the same machine noise and ratios hold.
struct Stats: Sendable {
    let samples: [Double]  // nanoseconds

    var median: Double { percentile(0.5) }
    var p10: Double { percentile(0.1) }
    var p90: Double { percentile(0.9) }
    var p99: Double { percentile(0.99) }
    var maximum: Double { samples.max() ?? .nan }

    func percentile(_ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let index = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * fraction).rounded())))
        return sorted[index]
    }
}

/// One contender in a workload: untimed preparation, then the timed step.
struct Contender {
    let name: String
    let prepare: () async throws -> Void
    let step: () async throws -> Void

    init(_ name: String, prepare: @escaping () async throws -> Void = {}, step: @escaping () async throws -> Void) {
        self.name = name
        self.prepare = prepare
        self.step = step
    }
}

enum Harness {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Runs every contender `rounds` times `perRound` iterations, in turn,
    /// after `warmup` untimed iterations each.
    static func run(
        _ contenders: [Contender], rounds: Int, perRound: Int, warmup: Int
    ) async throws -> [String: Stats] {
        for contender in contenders {
            for _ in 0..<warmup {
                try await contender.prepare()
                try await contender.step()
            }
        }
        var samples: [String: [Double]] = [:]
        for _ in 0..<rounds {
            for contender in contenders {
                for _ in 0..<perRound {
                    try await contender.prepare()
                    let start = now()
                    try await contender.step()
                    samples[contender.name, default: []].append(Double(now() - start))
                }
            }
        }
        return samples.mapValues(Stats.init)
    }
}

/// Human-readable durations.
func format(_ nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1_000: String(format: "%.0f ns", nanoseconds)
    case ..<1_000_000: String(format: "%.1f µs", nanoseconds / 1_000)
    case ..<1_000_000_000: String(format: "%.2f ms", nanoseconds / 1_000_000)
    default: String(format: "%.2f s", nanoseconds / 1_000_000_000)
    }
}

/// A Markdown table.
struct Table {
    let headers: [String]
    var rows: [[String]] = []

    func render() -> String {
        var lines = ["| " + headers.joined(separator: " | ") + " |"]
        lines.append("|" + headers.map { _ in "---" }.joined(separator: "|") + "|")
        lines += rows.map { "| " + $0.joined(separator: " | ") + " |" }
        return lines.joined(separator: "\n")
    }
}
