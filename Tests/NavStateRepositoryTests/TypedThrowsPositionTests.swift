import Foundation
import Testing

/// Keeps the library compiling for iOS 16 and macOS 13, which Linux cannot
/// see: a typed-throwing function *type* (`(A) throws(E) -> B`) anywhere
/// but as a function's own parameter needs runtime metadata that only
/// iOS 18 / macOS 15 have, and Xcode refuses it at the package's floors
/// ("runtime support for typed throws function types is only available in
/// iOS 18.0.0 or newer"). Typed throws on functions, closures and `do`
/// blocks are fine. docs/platforms.md, "Typed throws", says how the rule
/// was found; `../shared/tools/typecheck-apple.sh` is the full check.
@Suite("Typed throws positions")
struct TypedThrowsPositionTests {
    /// Where a typed `throws(…)` stands in Swift source.
    enum Use: Equatable {
        /// On a function, initialiser or subscript declaration.
        case declaration
        /// On a closure expression, or a `do throws(E)` block.
        case expression
        /// A function type that is a function's parameter: no metadata.
        case parameterType
        /// A function type anywhere else: in a collection, a generic
        /// argument, an optional, a stored property, a type alias.
        case otherType
    }

    /// Every typed `throws(` in `source`, with its line and use.
    static func uses(in source: String) -> [(line: Int, use: Use)] {
        let code = Array(blankingCommentsAndStrings(source).utf8)
        var found: [(Int, Use)] = []
        var index = 0
        while let hit = find("throws", in: code, from: index) {
            index = hit + 6
            guard !isIdentifier(byteBefore: hit, in: code), next(in: code, after: index - 1) == UInt8(ascii: "(") else { continue }
            let line = code[..<hit].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            found.append((line, classify(code, throwsAt: hit)))
        }
        return found
    }

    private static func classify(_ code: [UInt8], throwsAt hit: Int) -> Use {
        // What comes after `throws(E)`: `in` ends a closure's signature,
        // `{` a `do` block, and a declaration's body or a function type's
        // `->` tell the rest apart from what stands before.
        guard let close = matching(code, openAt: position(of: UInt8(ascii: "("), in: code, after: hit)) else { return .otherType }
        if word(in: code, startingAfter: close) == "in" { return .expression }
        var before = previousToken(in: code, before: hit)
        if before.text == "async" { before = previousToken(in: code, before: before.start) }
        if before.text == "do" { return .expression }
        if before.text == "get" { return .declaration }
        guard before.text == ")", let open = matchingBackward(code, closeAt: before.start) else {
            // `{ a, b throws(E) -> T in`: parameters without parentheses.
            return closureSignatureFollows(code, after: close) ? .expression : .otherType
        }
        let head = previousToken(in: code, before: open)
        if head.text == "{" || closureSignatureFollows(code, after: close) { return .expression }
        if isDeclarationName(code, token: head) { return .declaration }
        // A function type: allowed only as the whole type of a parameter
        // (`label: @escaping (A) throws(E) -> B`) of a declaration.
        var owner = previousToken(in: code, before: open)
        while ["@escaping", "@Sendable", "@MainActor", "inout", "sending", "borrowing", "consuming"].contains(owner.text) {
            owner = previousToken(in: code, before: owner.start)
        }
        guard owner.text == ":", let list = enclosingOpenParenthesis(code, before: owner.start),
              isDeclarationName(code, token: previousToken(in: code, before: list)),
              typeEndsTheParameter(code, after: close)
        else { return .otherType }
        return .parameterType
    }

    // MARK: A small lexer

    private static func blankingCommentsAndStrings(_ source: String) -> String {
        var out = ""
        var chars = Array(source)[...]
        while let c = chars.first {
            if chars.starts(with: "//") {
                while let d = chars.first, d != "\n" { out.append(" "); chars.removeFirst() }
            } else if chars.starts(with: "/*") {
                while !chars.isEmpty, !chars.starts(with: "*/") { out.append(chars.first == "\n" ? "\n" : " "); chars.removeFirst() }
                chars = chars.dropFirst(2); out.append("  ")
            } else if c == "\"" {
                let fence = chars.starts(with: "\"\"\"") ? "\"\"\"" : "\""
                out.append(String(repeating: " ", count: fence.count)); chars = chars.dropFirst(fence.count)
                while !chars.isEmpty, !chars.starts(with: fence) {
                    if chars.first == "\\" { out.append(" "); chars.removeFirst() }
                    if let d = chars.first { out.append(d == "\n" ? "\n" : " "); chars.removeFirst() }
                }
                chars = chars.dropFirst(fence.count); out.append(String(repeating: " ", count: fence.count))
            } else {
                out.append(c); chars.removeFirst()
            }
        }
        return out
    }

    private static func find(_ word: String, in code: [UInt8], from start: Int) -> Int? {
        let pattern = Array(word.utf8)
        var i = start
        while i + pattern.count <= code.count {
            if code[i..<(i + pattern.count)].elementsEqual(pattern) { return i }
            i += 1
        }
        return nil
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private static func isIdentifier(byteBefore index: Int, in code: [UInt8]) -> Bool {
        index > 0 && isIdentifierByte(code[index - 1])
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    private static func next(in code: [UInt8], after index: Int) -> UInt8? {
        var i = index + 1
        while i < code.count, isSpace(code[i]) { i += 1 }
        return i < code.count ? code[i] : nil
    }

    private static func position(of byte: UInt8, in code: [UInt8], after index: Int) -> Int {
        var i = index
        while i < code.count, code[i] != byte { i += 1 }
        return i
    }

    /// The token ending just before `index`: an identifier (with a leading
    /// `@`), or one punctuation byte.
    private static func previousToken(in code: [UInt8], before index: Int) -> (text: String, start: Int) {
        var end = index - 1
        while end >= 0, isSpace(code[end]) { end -= 1 }
        guard end >= 0 else { return ("", 0) }
        var start = end
        if isIdentifierByte(code[end]) {
            while start > 0, isIdentifierByte(code[start - 1]) { start -= 1 }
            if start > 0, code[start - 1] == UInt8(ascii: "@") { start -= 1 }
        } else if code[end] == UInt8(ascii: "?") || code[end] == UInt8(ascii: "!"), end > 0, isIdentifierByte(code[end - 1]) {
            // `init?`: the `?` belongs to the name.
            start = end - 1
            while start > 0, isIdentifierByte(code[start - 1]) { start -= 1 }
        }
        return (String(decoding: code[start...end], as: UTF8.self), start)
    }

    private static func word(in code: [UInt8], startingAfter index: Int) -> String {
        var i = index + 1
        while i < code.count, isSpace(code[i]) { i += 1 }
        guard i < code.count else { return "" }
        guard isIdentifierByte(code[i]) else { return String(UnicodeScalar(code[i])) }
        var end = i
        while end < code.count, isIdentifierByte(code[end]) { end += 1 }
        return String(decoding: code[i..<end], as: UTF8.self)
    }

    private static let openers: [UInt8: UInt8] = [0x29: 0x28, 0x5D: 0x5B, 0x3E: 0x3C, 0x7D: 0x7B]

    private static func matching(_ code: [UInt8], openAt open: Int) -> Int? {
        guard open < code.count else { return nil }
        var depth = 0
        for i in open..<code.count {
            if code[i] == UInt8(ascii: "(") { depth += 1 }
            if code[i] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { return i } }
        }
        return nil
    }

    private static func matchingBackward(_ code: [UInt8], closeAt close: Int) -> Int? {
        var depth = 0
        var i = close
        while i >= 0 {
            if code[i] == UInt8(ascii: ")") { depth += 1 }
            if code[i] == UInt8(ascii: "(") { depth -= 1; if depth == 0 { return i } }
            i -= 1
        }
        return nil
    }

    /// The `(` that is open at `index`, skipping balanced pairs; `nil` when a
    /// `[`, `<` or `{` is open first (the type is then not a parameter's).
    private static func enclosingOpenParenthesis(_ code: [UInt8], before index: Int) -> Int? {
        var depth = 0
        var i = index - 1
        while i >= 0 {
            let byte = code[i]
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth += 1 }
            if byte == UInt8(ascii: ">"), i > 0, code[i - 1] != UInt8(ascii: "-") { depth += 1 }
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "<") {
                if depth == 0 { return byte == UInt8(ascii: "(") ? i : nil }
                depth -= 1
            }
            i -= 1
        }
        return nil
    }

    /// Whether the token before a `(` names a declaration: `func name`,
    /// `func name<T>`, `init`, `init?`, `subscript`.
    private static func isDeclarationName(_ code: [UInt8], token: (text: String, start: Int)) -> Bool {
        if ["init", "init?", "init!", "subscript"].contains(token.text) { return true }
        var name = token
        if name.text == ">" {
            var depth = 0
            var i = name.start
            while i >= 0 {
                if code[i] == UInt8(ascii: ">") { depth += 1 }
                if code[i] == UInt8(ascii: "<") { depth -= 1; if depth == 0 { break } }
                i -= 1
            }
            name = previousToken(in: code, before: max(i, 0))
            if ["init", "subscript"].contains(name.text) { return true }
        }
        return previousToken(in: code, before: name.start).text == "func"
    }

    /// After a function type's `throws(E)`: `-> R` up to `,`, `)` or `=`
    /// at depth zero, with no `?` or `!` that would wrap it in Optional.
    private static func typeEndsTheParameter(_ code: [UInt8], after close: Int) -> Bool {
        var depth = 0
        var i = close + 1
        while i < code.count {
            let byte = code[i]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") { depth += 1 }
            if byte == UInt8(ascii: ">"), code[i - 1] != UInt8(ascii: "-") { depth -= 1 }
            if byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ")") {
                if depth == 0 { return true }
                depth -= 1
            }
            if depth == 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "=") { return true }
            if depth == 0, byte == UInt8(ascii: "{") { return false }
            i += 1
        }
        return false
    }

    /// `throws(E) in` or `throws(E) -> R in`: a closure expression.
    private static func closureSignatureFollows(_ code: [UInt8], after close: Int) -> Bool {
        var i = close + 1
        var depth = 0
        while i < code.count {
            let byte = code[i]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ">"), code[i - 1] != UInt8(ascii: "-") { depth -= 1 }
            if depth < 0 || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ",") && depth == 0 { return false }
            if depth == 0, isIdentifierByte(byte), !isIdentifier(byteBefore: i, in: code) {
                let word = word(in: code, startingAfter: i - 1)
                if word == "in" { return true }
                i += word.utf8.count
                continue
            }
            i += 1
        }
        return false
    }

    // MARK: Tests

    @Test func theScanTellsEachPositionApart() {
        let samples: [(String, Use)] = [
            ("func save() throws(E) -> Int { 1 }", .declaration),
            ("func f<T>(_ x: T) throws(E) {}", .declaration),
            ("init(path: String) throws(E) {}", .declaration),
            ("public convenience init?(a: Int) throws(E) {}", .declaration),
            ("func g() async throws(E) -> Int { 1 }", .declaration),
            ("var v: Int { get throws(E) { 1 } }", .declaration),
            ("let x = try run { () throws(E) -> Int in 1 }", .expression),
            ("let y = try run { a, b throws(E) in a }", .expression),
            ("do throws(E) { try f() } catch {}", .expression),
            ("let z = list.map { entry throws(E) in try f(entry) }", .expression),
            ("func w<T>(_ body: (inout S) throws(E) -> T) throws(E) -> T {}", .parameterType),
            ("func w(_ body: @escaping @Sendable () throws(E) -> Void) {}", .parameterType),
            ("func w(body: () throws(E) -> Void = {}) {}", .parameterType),
            ("func w<T>(\n    _ op: String, _ body: (inout S) throws(E) -> T\n) throws(E) -> T {}", .parameterType),
            ("static let steps: [String: () throws(E) -> Void] = [:]", .otherType),
            ("typealias Step = @Sendable (C, L) throws(E) -> Void", .otherType),
            ("var handler: ((Int) throws(E) -> Void)?", .otherType),
            ("let box: Box<() throws(E) -> Void>", .otherType),
            ("let stored: () throws(E) -> Void", .otherType),
            ("func w(_ body: (() throws(E) -> Void)?) {}", .otherType),
            ("func w(_ bodies: [() throws(E) -> Void]) {}", .otherType),
        ]
        for (source, expected) in samples {
            let uses = Self.uses(in: source)
            // The first typed throws in each sample is the one it is about.
            #expect(uses.first?.use == expected, "\(source)")
        }
        #expect(Self.uses(in: "// let s: [String: () throws(E) -> Void]\nlet t = \"throws(E) ->\"").isEmpty)
    }

    @Test func noSourceStoresATypedThrowingFunctionType() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        var files = 0
        var typedThrows = 0
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files += 1
            for (line, use) in Self.uses(in: try String(contentsOf: url, encoding: .utf8)) {
                typedThrows += 1
                if use == .otherType { found.append("\(url.lastPathComponent):\(line)") }
            }
        }
        #expect(files > 50 && typedThrows > 100)
        #expect(found.isEmpty, "a typed-throwing function type outside a parameter needs iOS 18 / macOS 15:\n\(found.joined(separator: "\n"))")
    }
}
