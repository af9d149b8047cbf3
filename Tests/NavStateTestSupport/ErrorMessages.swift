import Testing

/// What every error message a person may read must be.
enum ErrorMessages {
    /// One line, and none of Swift's decoding internals.
    static func expectReadable(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!message.contains("\n"), "\(message)", sourceLocation: sourceLocation)
        #expect(!message.contains("CodingKeys"), "\(message)", sourceLocation: sourceLocation)
        #expect(!message.contains("DecodingError"), "\(message)", sourceLocation: sourceLocation)
        #expect(!message.contains("Context("), "\(message)", sourceLocation: sourceLocation)
    }
}
