import HingeSupport
import Testing

/// The one `file:line:column` form, against messages written out by hand.
@Suite("InputLocation: where a message points")
struct InputLocationTests {
    @Test(
        "file:line:column, then the message after a colon and a space; column 1 by default",
        arguments: [
            (InputLocation(file: "trace.csv", line: 12, column: 7), "trace.csv:12:7: bad", "trace.csv:12:7"),
            (InputLocation(file: "<stdin>", line: 1), "<stdin>:1:1: bad", "<stdin>:1:1"),
            (InputLocation(file: "a:b.csv", line: 3, column: 40), "a:b.csv:3:40: bad", "a:b.csv:3:40"),
        ])
    func message(location: InputLocation, message: String, place: String) {
        #expect(location.message("bad") == message)
        #expect(location.description == place)
    }
}
