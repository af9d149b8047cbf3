/// One upgrade step: the payload at version n in, the payload at n + 1 out.
/// Throw to refuse a payload that cannot be upgraded.
package typealias PayloadUpgrade = @Sendable (JSONValue) throws -> JSONValue
