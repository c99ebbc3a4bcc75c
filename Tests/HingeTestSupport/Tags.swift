import Foundation
public import Testing

/// A test (or suite) that takes a second or more: `make test` runs it; `make test-fast` sets
/// `HINGEKIT_SKIP_SLOW=1` and it is skipped, reported as cancelled with the reason. The trait
/// itself is the selection, so a test is skipped because it says it is slow, not because its
/// name matches one that does.
///
/// ```swift
/// @Test("A million rows stream through fixed buffers", .slow)
/// ```
public struct SlowTrait: TestTrait, SuiteTrait, TestScoping {
    /// The environment variable `make test-fast` sets.
    public static let skipVariable = "HINGEKIT_SKIP_SLOW"

    /// Whether slow tests are skipped in this run.
    public static var isSkipping: Bool { ProcessInfo.processInfo.environment[skipVariable] != nil }

    public var isRecursive: Bool { true }

    public var comments: [Comment] { ["slow: make test-fast skips it"] }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if Self.isSkipping { try Test.cancel("slow: skipped because \(Self.skipVariable) is set (make test-fast)") }
        try await function()
    }
}

extension Trait where Self == SlowTrait {
    /// Marks a test or suite as slow (see ``SlowTrait``).
    public static var slow: Self { SlowTrait() }
}
