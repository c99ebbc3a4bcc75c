import Testing

extension Tag {
    /// A test that takes a second or more: `make test` runs it, `make test-fast` skips it
    /// (scripts/slow-tests.sh finds the tagged functions).
    @Tag public static var slow: Self
}
